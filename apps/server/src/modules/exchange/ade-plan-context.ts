import type { AdeProblem, AdeReason } from '@cowcare/contract/routes/exchange';
import { latestTodayAnywhere } from '@cowcare/domain/calendar-date';
import type { FarmFacts, Json } from './ade-plan-types';

// What every step of an ADE import plan shares: the farm's facts, the clock, and the two lists of problems.
// Refusals stop the whole import; skipped items are left out while the rest goes in.

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const keyOf = (identifier: unknown): string | undefined =>
  isObject(identifier) && typeof identifier.scheme === 'string' && typeof identifier.id === 'string'
    ? `${identifier.scheme}|${identifier.id}`
    : undefined;
export const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** Our own `cowcare` extension of a resource; an absent one reads as empty. */
export const cowcareOf = (resource: Json): Json => (isObject(resource.cowcare) ? resource.cowcare : {});

/** A number a sensor may have (the contract's SensorId), from an identifier's text. */
export const sensorNumber = (id: unknown): number | undefined => {
  if (typeof id !== 'string' || !/^[0-9]{1,8}$/.test(id)) return undefined;
  const value = Number(id);
  return value >= 1 ? value : undefined;
};

/** Where a problem is said: the item's list and position in the file. */
export interface Place {
  list: string;
  index: number;
}

export type ReportProblem = (item: Place, reason: AdeReason, detail: string, what?: string) => void;

export interface PlanContext {
  facts: FarmFacts;
  now: Date;
  /** The latest day it is anywhere: a record may be dated up to it. */
  today: string;
  refused: AdeProblem[];
  skipped: AdeProblem[];
  refuse: ReportProblem;
  skip: ReportProblem;
}

export const createPlanContext = (facts: FarmFacts, now: Date): PlanContext => {
  const refused: AdeProblem[] = [];
  const skipped: AdeProblem[] = [];
  const reporter =
    (list: AdeProblem[]): ReportProblem =>
    (item, reason, detail, what = '') =>
      list.push({ collection: item.list, index: item.index, item: what, reason, detail });
  return {
    facts,
    now,
    today: latestTodayAnywhere(now),
    refused,
    skipped,
    refuse: reporter(refused),
    skip: reporter(skipped),
  };
};
