import { useMemo, useState } from 'react';
import { useInterval } from '@mantine/hooks';
import type { User } from '@cowcare/contract/schemas';
import { heatStates, type HeatState } from '../../../lib/heat-states';
import { useSensorNotices } from '../../../lib/notice-queries';

/** Each cow's heat that is not over, from the notice list; it moves on with the clock (window opens, closes). */
export function useHeatStates(user: User | null): ReadonlyMap<number, HeatState> {
  const notices = useSensorNotices(user);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 60_000, { autoInvoke: true });
  return useMemo(() => heatStates(notices.data?.all ?? [], now), [notices.data, now]);
}
