import type { KpiSettings } from '@cowcare/contract/routes/reproduction-kpis';
import {
  DEFAULT_REPRODUCTION_KPI_TARGETS,
  REPRODUCTION_KPI_NAMES,
} from '@cowcare/domain/reproduction-kpi-targets';
import { DEFAULT_VOLUNTARY_WAITING_DAYS } from '@cowcare/domain/reproduction-kpis';
import type { Queryable } from '../../db/database';

/**
 * The farm's settings, each missing target at its usual value: a farm that never changed a target follows
 * the defaults as they are now, not as they were when it saved the others.
 */
export async function readKpiSettings(db: Queryable, farmId: number): Promise<KpiSettings> {
  const [row] = await db.query<{ voluntaryWaitingDays: number; targets: Record<string, unknown> }>(
    `SELECT voluntary_waiting_days AS "voluntaryWaitingDays", targets
       FROM reproduction_kpi_settings WHERE farm_id = $1`,
    [farmId],
  );
  const saved = row?.targets ?? {};
  const targets = Object.fromEntries(
    REPRODUCTION_KPI_NAMES.map((name) => {
      const value = saved[name];
      return [name, typeof value === 'number' ? value : DEFAULT_REPRODUCTION_KPI_TARGETS[name]];
    }),
  ) as KpiSettings['targets'];
  return { voluntaryWaitingDays: row?.voluntaryWaitingDays ?? DEFAULT_VOLUNTARY_WAITING_DAYS, targets };
}

export async function saveKpiSettings(db: Queryable, farmId: number, settings: KpiSettings): Promise<void> {
  await db.query(
    `INSERT INTO reproduction_kpi_settings (farm_id, voluntary_waiting_days, targets) VALUES ($1, $2, $3)
     ON CONFLICT (farm_id) DO UPDATE
       SET voluntary_waiting_days = excluded.voluntary_waiting_days, targets = excluded.targets, updated_at = now()`,
    [farmId, settings.voluntaryWaitingDays, JSON.stringify(settings.targets)],
  );
}
