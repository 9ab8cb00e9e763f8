-- A reading is known by its sensor and sequence number, or its sensor and time (the two unique keys); no query
-- reads the surrogate id. Its index was a fourth one written with every reading: one 100-reading ingest batch
-- on PGlite took 7.28-7.71 ms with it and 6.75-7.59 ms without (medians of 400, three runs each), and at scale
-- it is 8 bytes and an index entry per reading, which a table partitioned by time could not keep as its
-- primary key anyway (docs/operations.md).
ALTER TABLE sensor_readings DROP COLUMN id;
