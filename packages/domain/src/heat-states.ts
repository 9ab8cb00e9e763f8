// Where a detected heat stands now (architecture §9: the insemination window is onset + 13 h to + 24 h), for
// the badges of the cow list and the cow page ("In heat", "Inseminate now"). Pure: the caller passes the
// heats it knows (from the estrus notices), the cows' last insemination days and the clock.

/** In heat before her insemination window, or inside it. */
export type HeatPhase = 'inHeat' | 'inseminate';

export interface HeatState {
  phase: HeatPhase;
  /** When the heat began (the detector's back-dated onset), epoch ms: what an estrus record takes. */
  onset: number;
}

/** One detected heat of a cow, epoch ms. */
export interface DetectedHeat {
  cowId: number;
  onset: number;
  windowStart: number;
  windowEnd: number;
}

export interface HeatStateOptions {
  /** The day (YYYY-MM-DD) of the cow's latest insemination on record, if any. */
  lastInseminationDay?: (cowId: number) => string | null | undefined;
  /** The calendar day of a moment, in the zone the insemination days are written in (the farm's own). */
  dayOf: (time: number) => string;
}

/**
 * The cows whose latest detected heat is not over: in heat until her insemination window opens, then
 * "inseminate" until it closes; after that nothing. A heat is also over once she is inseminated in it: an
 * insemination dated on or after the day the heat began ends its badges (issue 33: "Inseminate now" beside
 * "Pregnancy confirm" invited a second insemination). Heats with an unreadable moment are left out.
 */
export function heatStates(
  heats: Iterable<DetectedHeat>,
  now: number,
  options: HeatStateOptions,
): Map<number, HeatState> {
  const latest = new Map<number, DetectedHeat>();
  for (const heat of heats) {
    if (![heat.onset, heat.windowStart, heat.windowEnd].every(Number.isFinite)) continue;
    const known = latest.get(heat.cowId);
    if (!known || heat.windowEnd > known.windowEnd) latest.set(heat.cowId, heat);
  }
  const states = new Map<number, HeatState>();
  for (const [cowId, { onset, windowStart, windowEnd }] of latest) {
    if (now >= windowEnd) continue;
    if (inseminatedIn(options.lastInseminationDay?.(cowId), onset, options.dayOf)) continue;
    states.set(cowId, { phase: now < windowStart ? 'inHeat' : 'inseminate', onset });
  }
  return states;
}

/** Whether an insemination on this day was given in the heat that began at `onset`. */
export function inseminatedIn(
  inseminationDay: string | null | undefined,
  onset: number,
  dayOf: (time: number) => string,
): boolean {
  return typeof inseminationDay === 'string' && inseminationDay >= dayOf(onset);
}
