import { useMemo, useState } from 'react';
import { useInterval } from '@mantine/hooks';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { heatStates, type HeatState } from '../../../lib/heat-states';
import { useSensorNotices } from '../../../lib/notice-queries';

/**
 * Each cow's heat that is not over, from the notice list and the cows' inseminations: it moves on with the
 * clock (window opens, closes) and ends when she is inseminated.
 */
export function useHeatStates(
  user: User | null,
  cows: readonly Pick<Cow, 'id' | 'lastFertilization'>[] | undefined,
): ReadonlyMap<number, HeatState> {
  const notices = useSensorNotices(user);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 60_000, { autoInvoke: true });
  return useMemo(() => heatStates(notices.data?.all ?? [], now, cows), [notices.data, now, cows]);
}
