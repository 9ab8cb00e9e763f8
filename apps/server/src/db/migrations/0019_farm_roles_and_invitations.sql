-- A farm has several users (architecture §10): an owner may do everything, staff look after the cows, their
-- records and the notices (no money, settings, gateways or staff). Every user there was registered their
-- farm, so every one of them is its owner. No default from here on: whoever adds a user names the role.
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'staff'));
ALTER TABLE users ALTER COLUMN role DROP DEFAULT;

-- An owner removed the user from the farm: their logins ended then, and they cannot log in again until an
-- owner (of this farm or another) adds them by username or phone. The row stays: records keep its name.
ALTER TABLE users
  ADD COLUMN removed_from_farm_at timestamptz,
  ADD COLUMN removed_by_user_id integer REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX users_farm_role_idx ON users (farm_id, role) WHERE removed_from_farm_at IS NULL;

-- One-time invitation codes: a new person registers with one and joins the farm as staff. Only the code's
-- SHA-256 is kept (like refresh tokens), so a copy of the database joins no farm; the owner sees the code
-- once, when it is made. A code works once and until it expires or an owner withdraws it.
CREATE TABLE farm_invitations (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  code_hash text NOT NULL UNIQUE,
  created_by_user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by_user_id integer REFERENCES users (id),
  withdrawn_at timestamptz,
  CHECK (expires_at > created_at),
  CHECK ((used_at IS NULL) = (used_by_user_id IS NULL))
);
CREATE INDEX farm_invitations_open_idx ON farm_invitations (farm_id, expires_at)
  WHERE used_at IS NULL AND withdrawn_at IS NULL;
