import { useEffect, useRef } from 'react';
import type { User } from '@cowcare/contract/schemas';
import { DEBOUNCE_DELAY_MS } from '@cowcare/domain/constants';
import { sensorFilterWireValue, type SensorState } from '@cowcare/domain/sensor';
import { setSensorFilter } from '../api/set-sensor-filter';

/**
 * Spec §7: the selected sensor-state names are sent to the server on each filtering. Sent once the choice
 * has rested for the debounce delay, and only when it differs from what the server last had.
 */
export function useSensorFilterSync(user: User, states: readonly SensorState[]) {
  const wire = sensorFilterWireValue(states);
  const lastSent = useRef<string | null>(user.sensorfilter);
  useEffect(() => {
    if (wire === lastSent.current) return;
    const timer = setTimeout(() => {
      const previous = lastSent.current;
      lastSent.current = wire;
      // Best effort: the filter works locally either way; a failure is retried on the next change.
      setSensorFilter(user.id, wire).catch(() => {
        if (lastSent.current === wire) lastSent.current = previous;
      });
    }, DEBOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wire, user.id]);
}
