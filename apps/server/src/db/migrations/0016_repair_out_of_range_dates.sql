-- Dates outside 1990-01-01 .. 2100-12-31 were once accepted (a fertilization planned for 9999-12-31, an
-- estrus in the year 1000, a birthday of 0001-01-01) and made the cow's page and history answer 500 for good:
-- derived days past the year 9999 and pre-1900 local-mean-time offsets do not read back as the wire's dates.
-- The contract now refuses them (EARLIEST_RECORD_DAY .. LATEST_RECORD_DAY; derived days reach at most a year
-- further). This repair makes such rows readable again without losing them: a record whose own event lies
-- outside the range is set aside whole in `data_repairs` (its row as JSON) and removed; a date beside an
-- event in range (a day typed by hand) or on the cow is cleared, its old value kept in `data_repairs` too.
-- The server logs what each migration set aside when it applies it (main.ts).
CREATE TABLE data_repairs (
  id serial PRIMARY KEY,
  migration text NOT NULL,
  farm_id integer,
  table_name text NOT NULL,
  row_id integer NOT NULL,
  action text NOT NULL CHECK (action IN ('set-aside', 'cleared')),
  -- the row before the repair
  original jsonb NOT NULL,
  repaired_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION pg_temp.out_of_range(day date) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$ SELECT day IS NOT NULL AND (day < DATE '1990-01-01' OR day > DATE '2100-12-31') $$;
CREATE FUNCTION pg_temp.out_of_range(moment timestamptz) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT moment IS NOT NULL
       AND (moment < TIMESTAMPTZ '1990-01-01 00:00:00+14' OR moment >= TIMESTAMPTZ '2101-01-01 00:00:00-12')
  $$;

-- Records whose event is out of range: set aside whole.
WITH gone AS (
  DELETE FROM estrus_records
   WHERE pg_temp.out_of_range(estrus_at) OR pg_temp.out_of_range(estrus_date)
  RETURNING *
)
INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
SELECT '0016_repair_out_of_range_dates', farm_id, 'estrus_records', id, 'set-aside', to_jsonb(gone) FROM gone;

WITH gone AS (
  DELETE FROM fertilization_records
   WHERE pg_temp.out_of_range(planned_at) OR pg_temp.out_of_range(planned_date)
      OR pg_temp.out_of_range(effective_service_date)
  RETURNING *
)
INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
SELECT '0016_repair_out_of_range_dates', farm_id, 'fertilization_records', id, 'set-aside', to_jsonb(gone) FROM gone;

WITH gone AS (
  DELETE FROM pregnancy_records
   WHERE pg_temp.out_of_range(diagnosed_at) OR pg_temp.out_of_range(diagnosis_date)
  RETURNING *
)
INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
SELECT '0016_repair_out_of_range_dates', farm_id, 'pregnancy_records', id, 'set-aside', to_jsonb(gone) FROM gone;

WITH gone AS (
  DELETE FROM calving_records
   WHERE pg_temp.out_of_range(calved_at) OR pg_temp.out_of_range(calving_date)
  RETURNING *
)
INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
SELECT '0016_repair_out_of_range_dates', farm_id, 'calving_records', id, 'set-aside', to_jsonb(gone) FROM gone;

-- Its uploads stay (they are the farm's files); only the case's links to them go with it.
WITH gone AS (
  DELETE FROM health_cases
   WHERE pg_temp.out_of_range(diagnosed_on)
  RETURNING *
)
INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
SELECT '0016_repair_out_of_range_dates', farm_id, 'health_cases', id, 'set-aside', to_jsonb(gone) FROM gone;

-- Dates beside an event in range: cleared (a cleared expected date is automatic again, as null on the wire).
WITH before AS (
  SELECT * FROM estrus_records WHERE pg_temp.out_of_range(next_expected_estrus_date) FOR UPDATE
), logged AS (
  INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
  SELECT '0016_repair_out_of_range_dates', farm_id, 'estrus_records', id, 'cleared', to_jsonb(before) FROM before
)
UPDATE estrus_records SET next_expected_estrus_date = NULL, next_expected_estrus_manual = false
 WHERE id IN (SELECT id FROM before);

WITH before AS (
  SELECT * FROM fertilization_records WHERE pg_temp.out_of_range(pregnancy_check_date) FOR UPDATE
), logged AS (
  INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
  SELECT '0016_repair_out_of_range_dates', farm_id, 'fertilization_records', id, 'cleared', to_jsonb(before)
    FROM before
)
UPDATE fertilization_records SET pregnancy_check_date = NULL, pregnancy_check_manual = false
 WHERE id IN (SELECT id FROM before);

WITH before AS (
  SELECT * FROM pregnancy_records
   WHERE pg_temp.out_of_range(expected_calving_date) OR pg_temp.out_of_range(expected_estrus_date) FOR UPDATE
), logged AS (
  INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
  SELECT '0016_repair_out_of_range_dates', farm_id, 'pregnancy_records', id, 'cleared', to_jsonb(before)
    FROM before
)
UPDATE pregnancy_records
   SET expected_calving_date = CASE WHEN pg_temp.out_of_range(expected_calving_date) THEN NULL ELSE expected_calving_date END,
       expected_calving_manual = expected_calving_manual AND NOT pg_temp.out_of_range(expected_calving_date),
       expected_estrus_date = CASE WHEN pg_temp.out_of_range(expected_estrus_date) THEN NULL ELSE expected_estrus_date END,
       expected_estrus_manual = expected_estrus_manual AND NOT pg_temp.out_of_range(expected_estrus_date)
 WHERE id IN (SELECT id FROM before);

WITH before AS (
  SELECT * FROM calving_records WHERE pg_temp.out_of_range(expected_estrus_date) FOR UPDATE
), logged AS (
  INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
  SELECT '0016_repair_out_of_range_dates', farm_id, 'calving_records', id, 'cleared', to_jsonb(before) FROM before
)
UPDATE calving_records SET expected_estrus_date = NULL, expected_estrus_manual = false
 WHERE id IN (SELECT id FROM before);

WITH before AS (
  SELECT * FROM health_cases WHERE pg_temp.out_of_range(prescribed_on) FOR UPDATE
), logged AS (
  INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
  SELECT '0016_repair_out_of_range_dates', farm_id, 'health_cases', id, 'cleared', to_jsonb(before) FROM before
)
UPDATE health_cases SET prescribed_on = NULL WHERE id IN (SELECT id FROM before);

-- The cow's own days: her birthday and the days her records gave her (or typed on her).
WITH before AS (
  SELECT * FROM cows
   WHERE pg_temp.out_of_range(birthday) OR pg_temp.out_of_range(last_estrus_date)
      OR pg_temp.out_of_range(last_fertilization_date) OR pg_temp.out_of_range(last_calving_date)
      OR pg_temp.out_of_range(pregnancy_check_date) OR pg_temp.out_of_range(expected_calving_date)
      OR pg_temp.out_of_range(expected_estrus_date)
  FOR UPDATE
), logged AS (
  INSERT INTO data_repairs (migration, farm_id, table_name, row_id, action, original)
  SELECT '0016_repair_out_of_range_dates', farm_id, 'cows', id, 'cleared', to_jsonb(before) FROM before
)
UPDATE cows
   SET birthday = CASE WHEN pg_temp.out_of_range(birthday) THEN NULL ELSE birthday END,
       last_estrus_date = CASE WHEN pg_temp.out_of_range(last_estrus_date) THEN NULL ELSE last_estrus_date END,
       last_fertilization_date =
         CASE WHEN pg_temp.out_of_range(last_fertilization_date) THEN NULL ELSE last_fertilization_date END,
       last_calving_date = CASE WHEN pg_temp.out_of_range(last_calving_date) THEN NULL ELSE last_calving_date END,
       pregnancy_check_date =
         CASE WHEN pg_temp.out_of_range(pregnancy_check_date) THEN NULL ELSE pregnancy_check_date END,
       pregnancy_check_manual = pregnancy_check_manual AND NOT pg_temp.out_of_range(pregnancy_check_date),
       expected_calving_date =
         CASE WHEN pg_temp.out_of_range(expected_calving_date) THEN NULL ELSE expected_calving_date END,
       expected_calving_manual = expected_calving_manual AND NOT pg_temp.out_of_range(expected_calving_date),
       expected_estrus_date =
         CASE WHEN pg_temp.out_of_range(expected_estrus_date) THEN NULL ELSE expected_estrus_date END,
       expected_estrus_manual = expected_estrus_manual AND NOT pg_temp.out_of_range(expected_estrus_date),
       updated_at = now()
 WHERE id IN (SELECT id FROM before);

DROP FUNCTION pg_temp.out_of_range(date);
DROP FUNCTION pg_temp.out_of_range(timestamptz);
