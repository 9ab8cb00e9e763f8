-- Farms, users, logins and the per-farm settings of the walking skeleton.

CREATE TABLE farms (
  id serial PRIMARY KEY,
  farm_number text NOT NULL UNIQUE,
  country text NOT NULL,
  city text NOT NULL,
  boss_password_hash text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  username text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL,
  phone text NOT NULL,
  avatar text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT 'en',
  push_client_id text NOT NULL DEFAULT '',
  sensor_filter text NOT NULL DEFAULT 'zts',
  is_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique whatever their case, so 'Demo' cannot shadow 'demo'.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_farm_id_idx ON users (farm_id);

-- One row per login (a refresh-token family). Revoking it ends every token of that login.
CREATE TABLE login_sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX login_sessions_user_id_idx ON login_sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES login_sessions (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

CREATE TABLE farm_settings (
  farm_id integer PRIMARY KEY REFERENCES farms (id),
  ultrasonic_days integer NOT NULL DEFAULT 40 CHECK (ultrasonic_days BETWEEN 1 AND 365),
  inspection_days integer NOT NULL DEFAULT 60 CHECK (inspection_days BETWEEN 1 AND 365),
  rectal_days integer NOT NULL DEFAULT 60 CHECK (rectal_days BETWEEN 1 AND 365),
  hormone_days integer NOT NULL DEFAULT 51 CHECK (hormone_days BETWEEN 1 AND 365),
  external_days integer NOT NULL DEFAULT 60 CHECK (external_days BETWEEN 1 AND 365),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_messages (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_messages_user_id_idx ON user_messages (user_id, created_at DESC);

-- Support-side accounts; they never log into the farm app.
CREATE TABLE admin_users (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  name text NOT NULL,
  avatar text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
