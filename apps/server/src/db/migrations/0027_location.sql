-- Where the farm and its cows are (issue 37): the farm's point, its pens' points, its paddocks (the virtual
-- fence) with the cows put in each, and the GPS positions neck collars send with their readings. Points are
-- degrees (WGS 84) in double precision: a GPS fix has 6-7 decimals, finer than any numeric we would pick.
CREATE TABLE farm_locations (
  farm_id integer PRIMARY KEY REFERENCES farms (id),
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A pen is a cow type (spec §3); its point is where its cows without GPS are shown.
CREATE TABLE pen_locations (
  cow_type_id integer PRIMARY KEY REFERENCES cow_types (id) ON DELETE CASCADE,
  farm_id integer NOT NULL REFERENCES farms (id),
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180)
);

CREATE TABLE paddocks (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  -- [{"lat":…,"lon":…}, …] in drawing order, 3 to 200 corners (checked by the contract)
  boundary jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX paddocks_farm_id_idx ON paddocks (farm_id);

-- The paddock a cow was put in by hand: one at a time.
CREATE TABLE cow_paddocks (
  cow_id integer PRIMARY KEY REFERENCES cows (id),
  paddock_id integer NOT NULL REFERENCES paddocks (id) ON DELETE CASCADE
);
CREATE INDEX cow_paddocks_paddock_id_idx ON cow_paddocks (paddock_id);

-- A GPS fix that came with a stored reading (a duplicate reading brings none). Kept apart from
-- sensor_readings: few collars have GPS, and the track query reads a cow's last day only.
CREATE TABLE cow_positions (
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer NOT NULL REFERENCES cows (id),
  sensor_id integer NOT NULL,
  measured_at timestamptz NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  PRIMARY KEY (cow_id, measured_at)
);
CREATE INDEX cow_positions_farm_time_idx ON cow_positions (farm_id, measured_at DESC);
