import type { Notice } from '@cowcare/contract/routes/notices';
import { UNASSIGNED_SENSOR_NOTICE } from '@cowcare/domain/notice-codes';

/**
 * Sensors that reported to the farm while no cow wore them (notice 703), newest first, without those a cow
 * wears now: what the farmer most likely wants to put on a cow.
 */
export function unassignedSensors(notices: readonly Notice[], worn: ReadonlyMap<number, string>): number[] {
  const sensors = new Set<number>();
  const newestFirst = [...notices].sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  for (const notice of newestFirst) {
    if (notice.noticecode !== UNASSIGNED_SENSOR_NOTICE || notice.sensor === null) continue;
    if (!worn.has(notice.sensor)) sensors.add(notice.sensor);
  }
  return [...sensors];
}
