-- The herd: cows, their types and costs, status changes, reproduction and health records, uploads and
-- the wallet ledger. Every row carries its farm, so every query can be scoped by it.

CREATE TABLE cow_types (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  name text NOT NULL,
  -- cost per cow in minor units (e.g. won, fen), charged when cows are assigned to the type
  cost_minor integer NOT NULL DEFAULT 0 CHECK (cost_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (farm_id, name)
);

CREATE TABLE cows (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  code text NOT NULL CHECK (code ~ '^C[0-9]+$'),
  sensor_id integer CHECK (sensor_id > 0),
  -- sensorzt on the wire: 1 online, 0 offline
  sensor_online boolean NOT NULL DEFAULT false,
  -- stored Korean value (architecture §7)
  status text NOT NULL,
  parity integer NOT NULL DEFAULT 0 CHECK (parity >= 0),
  birthday date,
  sex text NOT NULL DEFAULT 'female' CHECK (sex IN ('female', 'male')),
  dam_id integer REFERENCES cows (id),
  sire_code text,
  cow_type_id integer REFERENCES cow_types (id) ON DELETE SET NULL,
  -- tempadd on the wire; NULL means the default offset 0.45
  temperature_offset numeric(4, 2),
  current_temperature numeric(5, 2),
  average_temperature numeric(5, 2),
  current_activity numeric(8, 2),
  average_activity numeric(8, 2),
  current_drink numeric(8, 2),
  average_drink numeric(8, 2),
  last_reading_at timestamptz,
  is_read boolean NOT NULL DEFAULT true,
  last_estrus_date date,
  last_fertilization_date date,
  last_calving_date date,
  pregnancy_check_date date,
  pregnancy_check_manual boolean NOT NULL DEFAULT false,
  expected_calving_date date,
  expected_calving_manual boolean NOT NULL DEFAULT false,
  expected_estrus_date date,
  expected_estrus_manual boolean NOT NULL DEFAULT false,
  culled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (farm_id, code)
);
CREATE INDEX cows_farm_id_idx ON cows (farm_id);
-- A sensor is worn by one active (not culled) cow of a farm at a time.
CREATE UNIQUE INDEX cows_active_sensor_key ON cows (farm_id, sensor_id) WHERE sensor_id IS NOT NULL AND culled_at IS NULL;
CREATE INDEX cows_dam_id_idx ON cows (dam_id);

CREATE TABLE cow_status_changes (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer NOT NULL REFERENCES cows (id),
  from_status text,
  to_status text NOT NULL,
  -- created, fertilization, pregnancy, calving, end-lactation, convert-to-fattening, eliminate, force, restore
  reason text NOT NULL,
  forced boolean NOT NULL DEFAULT false,
  changed_by_user_id integer REFERENCES users (id),
  changed_by_admin_id integer REFERENCES admin_users (id),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cow_status_changes_cow_idx ON cow_status_changes (cow_id, changed_at);

CREATE TABLE estrus_records (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer NOT NULL REFERENCES cows (id),
  estrus_at timestamptz NOT NULL,
  memo text NOT NULL DEFAULT '',
  next_expected_estrus_date date,
  next_expected_estrus_manual boolean NOT NULL DEFAULT false,
  created_by_user_id integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX estrus_records_cow_idx ON estrus_records (cow_id, estrus_at);

CREATE TABLE fertilization_records (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer NOT NULL REFERENCES cows (id),
  planned_at timestamptz NOT NULL,
  -- mating dictionary codes
  method text NOT NULL,
  actual_method text,
  sire_code text,
  memo text NOT NULL DEFAULT '',
  effective_service_date date NOT NULL,
  pregnancy_check_method text NOT NULL DEFAULT 'ultrasonic',
  pregnancy_check_date date,
  pregnancy_check_manual boolean NOT NULL DEFAULT false,
  created_by_user_id integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fertilization_records_cow_idx ON fertilization_records (cow_id, planned_at);

CREATE TABLE pregnancy_records (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer NOT NULL REFERENCES cows (id),
  diagnosis_method text NOT NULL,
  diagnosed_at timestamptz NOT NULL,
  result text NOT NULL CHECK (result IN ('pregnant', 'unpregnant', 'abort')),
  memo text NOT NULL DEFAULT '',
  expected_calving_date date,
  expected_calving_manual boolean NOT NULL DEFAULT false,
  created_by_user_id integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pregnancy_records_cow_idx ON pregnancy_records (cow_id, diagnosed_at);

CREATE TABLE calving_records (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer NOT NULL REFERENCES cows (id),
  calved_at timestamptz NOT NULL,
  method text NOT NULL,
  result text NOT NULL,
  memo text NOT NULL DEFAULT '',
  expected_estrus_date date,
  expected_estrus_manual boolean NOT NULL DEFAULT false,
  calf_cow_id integer REFERENCES cows (id),
  created_by_user_id integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX calving_records_cow_idx ON calving_records (cow_id, calved_at);

CREATE TABLE uploads (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  user_id integer NOT NULL REFERENCES users (id),
  stored_name text NOT NULL UNIQUE,
  original_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_farm_idx ON uploads (farm_id);

CREATE TABLE health_cases (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  cow_id integer NOT NULL REFERENCES cows (id),
  diagnosed_on date NOT NULL,
  -- a disease dictionary code, or NULL with free text in diagnosis_text
  disease_code text,
  diagnosis_text text NOT NULL DEFAULT '',
  prescribed_on date,
  prescription text NOT NULL DEFAULT '',
  memo text NOT NULL DEFAULT '',
  created_by_user_id integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX health_cases_cow_idx ON health_cases (cow_id, diagnosed_on);

CREATE TABLE health_case_uploads (
  health_case_id integer NOT NULL REFERENCES health_cases (id) ON DELETE CASCADE,
  upload_id integer NOT NULL REFERENCES uploads (id),
  PRIMARY KEY (health_case_id, upload_id)
);

-- Money in integer minor units: a charge is negative, a top-up positive. The balance is the sum.
CREATE TABLE wallet_entries (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  user_id integer REFERENCES users (id),
  amount_minor integer NOT NULL CHECK (amount_minor <> 0),
  kind text NOT NULL CHECK (kind IN ('charge', 'topup')),
  description text NOT NULL,
  cow_type_id integer REFERENCES cow_types (id) ON DELETE SET NULL,
  cow_count integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_entries_farm_idx ON wallet_entries (farm_id, created_at DESC);
