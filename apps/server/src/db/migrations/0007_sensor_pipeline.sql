-- The sensor pipeline: gateways (per-farm ingest identities), readings, notices.

CREATE TABLE gateways (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  username text NOT NULL UNIQUE,
  -- argon2id of the gateway secret
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz
);
CREATE INDEX gateways_farm_idx ON gateways (farm_id);

-- One row per reading. `cow_id` is the cow wearing the sensor when it arrived (NULL: unassigned sensor).
-- A reading seen before (same sensor and sequence number, or same sensor and time) is a duplicate and is
-- dropped by these unique keys. At scale this table is range-partitioned by measured_at (docs/operations.md).
CREATE TABLE sensor_readings (
  id bigserial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  sensor_id integer NOT NULL,
  cow_id integer REFERENCES cows (id),
  sequence_number integer NOT NULL,
  measured_at timestamptz NOT NULL,
  temperature numeric(5, 2),
  activity numeric(8, 2),
  drink numeric(8, 2),
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (farm_id, sensor_id, sequence_number),
  UNIQUE (farm_id, sensor_id, measured_at)
);
CREATE INDEX sensor_readings_cow_time_idx ON sensor_readings (cow_id, measured_at);

-- Notices (architecture §6). `episode_key` names the episode a notice belongs to (e.g. 'fever:cow:17:2026-11-22T04');
-- its unique key makes "one notice per episode" hold even with several server instances.
CREATE TABLE notices (
  id bigserial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer REFERENCES cows (id),
  sensor_id integer,
  code integer NOT NULL,
  episode_key text NOT NULL,
  occurred_at timestamptz NOT NULL,
  -- the values that triggered it, for the message and the chart link
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (farm_id, episode_key)
);
CREATE INDEX notices_farm_time_idx ON notices (farm_id, occurred_at DESC);
CREATE INDEX notices_cow_idx ON notices (cow_id, occurred_at DESC);
