-- Web Push (issue 39, docs/push.md). A device is one browser's push subscription, registered by a user in one
-- login: logging out, a password change or a revoked login stops its pushes on every instance, because only
-- devices whose login is live are sent to.
CREATE TABLE push_devices (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  login_session_id uuid NOT NULL REFERENCES login_sessions (id),
  -- the push service's URL for this browser: unique, so a browser that subscribes again replaces its row
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_devices_user_id_idx ON push_devices (user_id);
CREATE INDEX push_devices_login_session_id_idx ON push_devices (login_session_id);

-- What a user is woken for; no row: the defaults of packages/domain/src/push-rules.ts.
CREATE TABLE push_choices (
  user_id integer PRIMARY KEY REFERENCES users (id),
  codes integer[] NOT NULL,
  quiet_start text CHECK (quiet_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  quiet_end text CHECK (quiet_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  severe_during_quiet boolean NOT NULL,
  time_zone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((quiet_start IS NULL) = (quiet_end IS NULL))
);

-- Each new notice is pushed once (claimed, sent, then no longer due); the notices stored before this
-- migration are history and are not. A claim older than two minutes is an instance that died mid-send,
-- and another takes the notice over.
ALTER TABLE notices ADD COLUMN push_due boolean NOT NULL DEFAULT false;
ALTER TABLE notices ALTER COLUMN push_due SET DEFAULT true;
ALTER TABLE notices ADD COLUMN push_claimed_at timestamptz;
-- Set when a severe notice is first pushed: if it is still unread then, every user of the farm is pushed once more.
ALTER TABLE notices ADD COLUMN escalate_at timestamptz;
CREATE INDEX notices_push_due_idx ON notices (id) WHERE push_due;
CREATE INDEX notices_escalate_at_idx ON notices (escalate_at) WHERE escalate_at IS NOT NULL;
