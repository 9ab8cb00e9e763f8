import { useEffect, useState } from 'react';
import { POST_LOAD_FILTER_DELAY_MS } from '@cowcare/domain/constants';

/** Loads already applied once in this page: coming back to the list shows them at once. */
const appliedLoads = new WeakSet<object>();

/**
 * Spec §4/§9: the filter is applied 1000 ms after a load. Returns the loaded value once that delay has
 * passed (null before the first one); a reload keeps showing the previous value until its own delay ends.
 */
export function useAppliedAfterLoad<T extends object>(
  data: T | undefined,
  delayMs = POST_LOAD_FILTER_DELAY_MS,
) {
  const [applied, setApplied] = useState<T | null>(() => (data && appliedLoads.has(data) ? data : null));
  useEffect(() => {
    if (!data || data === applied) return;
    const timer = setTimeout(() => {
      appliedLoads.add(data);
      setApplied(data);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [data, applied, delayMs]);
  return applied;
}
