-- The cow list is kept ready in memory per farm (modules/cows/cow-list-cache.ts): it re-reads only the cows
-- changed since it last looked. Every write to a cow, from any path (ingest, detection, records, jobs,
-- support), stamps the row; a renamed cow type stamps its cows, whose list rows show its name.
ALTER TABLE cows ADD COLUMN list_changed_at timestamptz NOT NULL DEFAULT clock_timestamp();
CREATE INDEX cows_farm_list_changed_idx ON cows (farm_id, list_changed_at);

CREATE FUNCTION cows_stamp_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_changed_at := clock_timestamp();
  RETURN NEW;
END $$;
CREATE TRIGGER cows_list_change BEFORE INSERT OR UPDATE ON cows
  FOR EACH ROW EXECUTE FUNCTION cows_stamp_list_change();

CREATE FUNCTION cow_types_stamp_cows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cows SET list_changed_at = clock_timestamp() WHERE cow_type_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER cow_types_renamed AFTER UPDATE OF name ON cow_types
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION cow_types_stamp_cows();
