-- A cow's mean activity for each UTC hour of the day over her 7 days before today (index 1 = 00:00-01:00),
-- written with her daily averages by the detection stage. The list's activity deviation holds her newest
-- reading against the mean of its hour: against the whole-day mean, every cow read "low" at night and
-- "high" at milking. Null until her readings give one; a null hour falls back to average_activity.
ALTER TABLE cows ADD COLUMN activity_by_hour numeric(8, 2)[]
  CHECK (activity_by_hour IS NULL OR cardinality(activity_by_hour) = 24);
