-- The ingest rewrites every reporting cow's row once per batch (current values, last reading, sensor
-- state), none of which is indexed. Leaving room in each page lets PostgreSQL keep the new row version on
-- the same page (a HOT update) without touching the cows' six indexes. Applies to pages written from now
-- on; VACUUM FULL or a dump/restore applies it to the existing ones.
ALTER TABLE cows SET (fillfactor = 70);
