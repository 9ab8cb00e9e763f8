-- A still from the cow's camera on her estrus, severe-fever and calving notices (issue 37). One row per
-- notice: the instance that inserts it takes the picture (another instance that saw the same notice on the
-- bus finds the row and leaves it). The JPEG lives beside the uploads, DATA_DIR/uploads/<farm>/<stored_name>.
CREATE TABLE notice_snapshots (
  notice_id bigint PRIMARY KEY REFERENCES notices (id) ON DELETE CASCADE,
  farm_id integer NOT NULL REFERENCES farms (id),
  camera_id integer REFERENCES cameras (id) ON DELETE SET NULL,
  -- the camera's name when the still was taken: the notice keeps saying where it came from
  camera_name text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'taken', 'failed')),
  stored_name text UNIQUE,
  size_bytes integer CHECK (size_bytes > 0),
  -- why there is no picture: 'offline' or 'unauthorized' (the camera's state then)
  failure text,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  taken_at timestamptz,
  CHECK ((state = 'taken') = (stored_name IS NOT NULL AND taken_at IS NOT NULL))
);
CREATE INDEX notice_snapshots_farm_id_idx ON notice_snapshots (farm_id);
