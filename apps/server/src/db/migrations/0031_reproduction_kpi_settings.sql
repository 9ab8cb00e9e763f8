-- A farm's reproduction KPI settings (issue 40, docs/kpis.md): the voluntary waiting period that starts its
-- cows' 21-day cycles, and its own targets. A farm without a row, or a KPI missing from `targets`, has the
-- usual values, so a new default reaches every farm that never changed it.
CREATE TABLE reproduction_kpi_settings (
  farm_id integer PRIMARY KEY REFERENCES farms (id),
  voluntary_waiting_days integer NOT NULL CHECK (voluntary_waiting_days BETWEEN 20 AND 200),
  targets jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
