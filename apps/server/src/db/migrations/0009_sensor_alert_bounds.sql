-- The user's upper and lower alert lines per sensor (`uplow`), drawn on that sensor's charts. Per farm: a
-- sensor moved to another farm starts without them.
CREATE TABLE sensor_alert_bounds (
  farm_id integer NOT NULL REFERENCES farms (id),
  sensor_id integer NOT NULL CHECK (sensor_id > 0),
  temperature_upper numeric(5, 2),
  temperature_lower numeric(5, 2),
  activity_upper numeric(10, 2),
  activity_lower numeric(10, 2),
  updated_by_user_id integer REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (farm_id, sensor_id),
  CHECK (temperature_lower IS NULL OR temperature_upper IS NULL OR temperature_lower < temperature_upper),
  CHECK (activity_lower IS NULL OR activity_upper IS NULL OR activity_lower < activity_upper)
);
