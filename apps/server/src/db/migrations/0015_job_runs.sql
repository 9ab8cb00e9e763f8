-- When each periodic job last ran on any instance. Every instance keeps its own timer; the first to claim an
-- interval runs the job and the others skip it, so N instances run each job once per interval, not N times
-- (jobs/job-runner.ts).
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  claimed_at timestamptz NOT NULL
);
