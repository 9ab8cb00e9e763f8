-- A farm's cameras (issue 37, spec §3): where the server pulls each one's video from, its credentials
-- encrypted (AES-256-GCM under DATA_DIR/secrets/camera-secret, never sent to a client), and the cows or the
-- pen (cow type) it shows, so a cow's page opens the camera that sees her.
CREATE TABLE cameras (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  ip text NOT NULL CHECK (length(ip) BETWEEN 1 AND 253),
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  protocol text NOT NULL DEFAULT 'rtsp' CHECK (protocol IN ('rtsp', 'http')),
  stream_path text NOT NULL DEFAULT '',
  -- base64url of iv | tag | ciphertext of {"username","password"}; null when the camera needs none
  credentials text,
  cow_type_id integer REFERENCES cow_types (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cameras_farm_id_idx ON cameras (farm_id);
CREATE INDEX cameras_cow_type_id_idx ON cameras (cow_type_id);

CREATE TABLE camera_cows (
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  cow_id integer NOT NULL REFERENCES cows (id),
  PRIMARY KEY (camera_id, cow_id)
);
CREATE INDEX camera_cows_cow_id_idx ON camera_cows (cow_id);
