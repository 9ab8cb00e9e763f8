// 21-day eligibility cycles for the heat detection rate and the 21-day pregnancy rate (docs/kpis.md).
// Each cow's cycles start at her voluntary waiting period's end after a calving (a heifer's at the breeding
// age, when one is given) and run every 21 days until her next calving.

import { addDays, daysBetween } from './calendar-date';
import { ESTRUS_CYCLE_DAYS } from './reproduction-dates';
import {
  isBetween,
  isInHerdOn,
  latestBefore,
  type CowHistory,
  type JudgedService,
} from './reproduction-herd';

export interface CycleOptions {
  readonly from: string;
  readonly to: string;
  /** Only cycles that have ended by this day are judged. */
  readonly today: string;
  readonly voluntaryWaitingDays: number;
  /** A heifer's cycles start at this age; heifers are left out when null. */
  readonly heiferBreedingAgeDays: number | null;
}

export interface EligibleCycle {
  readonly cowId: number;
  readonly start: string;
  readonly end: string;
  /** A heat or a service was recorded in the cycle. */
  readonly heatSeen: boolean;
  /** A service in the cycle became a pregnancy; null while one of its services is unjudged. */
  readonly conceived: boolean | null;
}

interface BreedingWindow {
  /** The calving that opened it; null for a heifer's. */
  readonly openedBy: string | null;
  readonly start: string;
  /** The calving that closes it; null while it is still open. */
  readonly closedBy: string | null;
}

function breedingWindows(history: CowHistory, options: CycleOptions): BreedingWindow[] {
  const { cow, calvings } = history;
  const windows: BreedingWindow[] = calvings.map((calving, index) => ({
    openedBy: calving,
    start: addDays(calving, options.voluntaryWaitingDays),
    closedBy: calvings[index + 1] ?? null,
  }));
  const isHeifer = (cow.parityAtEntry ?? 0) === 0;
  if (isHeifer && cow.birthDate !== null && options.heiferBreedingAgeDays !== null) {
    windows.unshift({
      openedBy: null,
      start: addDays(cow.birthDate, options.heiferBreedingAgeDays),
      closedBy: calvings[0] ?? null,
    });
  }
  return windows;
}

/**
 * Open at the cycle's start: no service since the calving that opened the window, or the last one failed, or
 * its pregnancy was lost before the day; null while that service is unjudged.
 */
function isOpenAt(services: readonly JudgedService[], openedBy: string | null, day: string): boolean | null {
  const earlier = services.filter((service) => service.date < day);
  const lastDate = latestBefore(
    earlier.map((service) => service.date),
    day,
  );
  const last = earlier.find((service) => service.date === lastDate);
  if (!last || (openedBy !== null && last.date < openedBy)) return true;
  if (last.outcome === 'pending') return null;
  if (last.outcome === 'open') return true;
  return last.lossDate !== null && last.lossDate < day;
}

/**
 * The first cycle of a window that starts on or after `from`: the ones before are never counted, and a cow
 * calved years ago would otherwise walk through every cycle since (a 10,000-cow herd took seconds).
 */
function firstCycleFrom(windowStart: string, from: string): string {
  const behind = daysBetween(windowStart, from);
  return behind <= 0
    ? windowStart
    : addDays(windowStart, Math.ceil(behind / ESTRUS_CYCLE_DAYS) * ESTRUS_CYCLE_DAYS);
}

export function eligibleCycles(history: CowHistory, options: CycleOptions): EligibleCycle[] {
  const { cow, heats, services } = history;
  const cycles: EligibleCycle[] = [];
  for (const window of breedingWindows(history, options)) {
    if (window.closedBy !== null && window.closedBy <= options.from) continue;
    for (
      let start = firstCycleFrom(window.start, options.from);
      window.closedBy === null || start < window.closedBy;
    ) {
      const end = addDays(start, ESTRUS_CYCLE_DAYS - 1);
      if (end > options.today || start > options.to) break;
      const cycle = judgeCycle(cow.id, start, end, window.openedBy, heats, services);
      const leftDuring = cow.exitDate !== null && cow.exitDate <= end;
      const inHerd = isInHerdOn(cow, start) && (!leftDuring || cycle?.servedInCycle === true);
      if (cycle && inHerd) cycles.push(cycle.eligible);
      start = addDays(start, ESTRUS_CYCLE_DAYS);
    }
  }
  return cycles;
}

function judgeCycle(
  cowId: number,
  start: string,
  end: string,
  openedBy: string | null,
  heats: readonly string[],
  services: readonly JudgedService[],
) {
  if (isOpenAt(services, openedBy, start) !== true) return null;
  const served = services.filter((service) => isBetween(service.date, start, end));
  const heatSeen = served.length > 0 || heats.some((heat) => isBetween(heat, start, end));
  const conceived = served.some((service) => service.outcome === 'pregnant')
    ? true
    : served.some((service) => service.outcome === 'pending')
      ? null
      : false;
  return { servedInCycle: served.length > 0, eligible: { cowId, start, end, heatSeen, conceived } };
}
