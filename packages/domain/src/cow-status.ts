// Cow statuses are stored as Korean words (spec §4, architecture §7); the app works with English keys and
// converts at the edge so a misspelt literal cannot slip through the type checker.

export const COW_STATUSES = [
  'culled',
  'estrusDetection',
  'fattening',
  'waitingForSettings',
  'pregnancy',
  'lactation',
  'pregnancyConfirm',
] as const;
export type CowStatus = (typeof COW_STATUSES)[number];

const STORED_STATUS_VALUES: Readonly<Record<CowStatus, string>> = {
  culled: '도태',
  estrusDetection: '발정탐지',
  fattening: '비육',
  waitingForSettings: '설정대기',
  pregnancy: '임신',
  lactation: '포유',
  pregnancyConfirm: '임신감정',
};

const STATUS_BY_STORED_VALUE: ReadonlyMap<string, CowStatus> = new Map<string, CowStatus>([
  ...COW_STATUSES.map((status): [string, CowStatus] => [STORED_STATUS_VALUES[status], status]),
  // Older records spell estrus detection this way; the spec says both mean the same status.
  ['발정감지', 'estrusDetection'],
]);

/** The canonical stored value; 발정감지 is read but never written. */
export function storedStatusValue(status: CowStatus): string {
  return STORED_STATUS_VALUES[status];
}

/** Exact match: stored values are written by this code base, so anything else is unknown data. */
export function parseStoredStatus(stored: string): CowStatus | undefined {
  return STATUS_BY_STORED_VALUE.get(stored);
}

export function isCowStatus(value: unknown): value is CowStatus {
  return typeof value === 'string' && (COW_STATUSES as readonly string[]).includes(value);
}

export function isCulled(status: CowStatus): boolean {
  return status === 'culled';
}

/** Culled cows are dropped from the list on load and from the periodic reload. */
export function isCulledStoredValue(stored: string): boolean {
  return parseStoredStatus(stored) === 'culled';
}

export const PREGNANCY_RESULTS = ['pregnant', 'unpregnant', 'abort'] as const;
export type PregnancyResult = (typeof PREGNANCY_RESULTS)[number];

export type LifecycleEvent =
  | { readonly kind: 'fertilization' }
  | { readonly kind: 'pregnancyResult'; readonly result: PregnancyResult }
  | { readonly kind: 'calving' }
  | { readonly kind: 'endLactation' }
  | { readonly kind: 'convertToFattening' }
  | { readonly kind: 'eliminate' }
  | { readonly kind: 'forceChange'; readonly status: CowStatus };

/** The status a record or action moves a cow to (architecture §7). */
export function nextStatusAfter(event: LifecycleEvent): CowStatus {
  switch (event.kind) {
    case 'fertilization':
      return 'pregnancyConfirm';
    case 'pregnancyResult':
      return event.result === 'pregnant' ? 'pregnancy' : 'estrusDetection';
    case 'calving':
      return 'lactation';
    case 'endLactation':
      return 'estrusDetection';
    case 'convertToFattening':
      return 'fattening';
    case 'eliminate':
      return 'culled';
    case 'forceChange':
      return event.status;
  }
}

/**
 * Restoring a culled cow is a support action outside this lifecycle, so a culled cow takes no event.
 * Ending lactation only makes sense for a suckling cow. Everything else is accepted from any status, because
 * imported cows often sit in 설정대기 while their real history is being entered.
 */
export function canApplyLifecycleEvent(current: CowStatus, event: LifecycleEvent): boolean {
  if (current === 'culled') return false;
  if (event.kind === 'endLactation') return current === 'lactation';
  return true;
}

/** Parity counts calvings, so only a calving record raises it. */
export function parityAfter(event: LifecycleEvent, parity: number): number {
  return event.kind === 'calving' ? parity + 1 : parity;
}
