-- Issue 34: a farm's own gateways and sensors.
--
-- gateways gain a name (the farm's: "Barn 2"), the address they last came from and their first reading
-- (the "Connect your gateway" screen shows it). A deleted gateway's row goes; its traffic goes with it.
ALTER TABLE gateways ADD COLUMN name text NOT NULL DEFAULT '';
ALTER TABLE gateways ADD COLUMN last_address text;
ALTER TABLE gateways ADD COLUMN first_reading_at timestamptz;
ALTER TABLE gateways ADD COLUMN first_reading_sensor integer;
UPDATE gateways SET name = username WHERE name = '';

-- What each gateway sent, by UTC day: readings stored and refused, and the refusals by reason.
CREATE TABLE gateway_days (
  gateway_id integer NOT NULL REFERENCES gateways (id) ON DELETE CASCADE,
  day date NOT NULL,
  stored integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  PRIMARY KEY (gateway_id, day)
);
CREATE TABLE gateway_refusals (
  gateway_id integer NOT NULL REFERENCES gateways (id) ON DELETE CASCADE,
  day date NOT NULL,
  reason text NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (gateway_id, day, reason)
);

-- The sensor inventory: a sensor id is unique on the platform, registered by one farm (docs/operations.md
-- says how support settles a dispute). Sensors worn by cows are registered to their farm; where two farms'
-- cows already wore one id, the earliest cow's farm keeps it.
CREATE TABLE sensors (
  sensor_id integer PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  registered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sensors_farm_idx ON sensors (farm_id, sensor_id);
INSERT INTO sensors (sensor_id, farm_id)
SELECT DISTINCT ON (sensor_id) sensor_id, farm_id FROM cows WHERE sensor_id IS NOT NULL AND culled_at IS NULL ORDER BY sensor_id, id
ON CONFLICT DO NOTHING;

-- A farm tells its gateways apart by name.
CREATE UNIQUE INDEX gateways_farm_name_key ON gateways (farm_id, lower(name));
