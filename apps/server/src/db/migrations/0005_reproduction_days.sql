-- The day a reproduction event counts for is the farmer's local day, as written with its offset on the wire
-- (an estrus at 06:00+09:00 is that day, not the UTC day before). A timestamptz keeps the moment but not
-- the offset, so the day is kept beside it. Rows written without it (older data, bulk seeds) fall back to
-- the UTC day when read.
ALTER TABLE estrus_records ADD COLUMN estrus_date date;
ALTER TABLE fertilization_records ADD COLUMN planned_date date;
ALTER TABLE pregnancy_records ADD COLUMN diagnosis_date date;
ALTER TABLE calving_records ADD COLUMN calving_date date;

-- A negative diagnosis sets the next expected estrus (diagnosis day + 21, or a day set by hand).
ALTER TABLE pregnancy_records ADD COLUMN expected_estrus_date date;
ALTER TABLE pregnancy_records ADD COLUMN expected_estrus_manual boolean NOT NULL DEFAULT false;

CREATE INDEX health_case_uploads_upload_idx ON health_case_uploads (upload_id);
