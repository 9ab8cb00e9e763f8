import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { KPI_PERIOD_MAX_DAYS, type Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import { addDays, daysBetween, latestTodayAnywhere } from '@cowcare/domain/calendar-date';
import {
  cowsDueToCalve,
  openPastWaitingWithoutHeat,
  pregnancyChecksDue,
  repeatedServices,
} from '@cowcare/domain/reproduction-action-lists';
import { REPRODUCTION_KPI_NAMES } from '@cowcare/domain/reproduction-kpi-targets';
import { reproductionKpiReport } from '@cowcare/domain/reproduction-kpis';
import type { Queryable } from '../../db/database';
import { badRequest, notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { findCowTypeInFarm } from '../cow-types/cow-types-repository';
import { farmDiagnosisDays } from '../reproduction/starting-records';
import { readFarmHerd } from './herd-records';
import { readKpiSettings, saveKpiSettings } from './kpi-settings-repository';

/**
 * The caller's day: the server does not know the farm's time zone. Anything from the UTC day before to the
 * latest day anywhere on earth is someone's today; outside that it is a wrong clock or a guess at the future.
 */
const todayOf = (asked: string | undefined, now = new Date()): string => {
  const utcToday = now.toISOString().slice(0, 10);
  if (asked === undefined) return utcToday;
  if (asked < addDays(utcToday, -1) || asked > latestTodayAnywhere(now)) {
    throw badRequest(ERROR_CODES.validation, 'today must be the caller’s current day');
  }
  return asked;
};

const requireOwnCowType = async (db: Queryable, farmId: number, cowTypeId: number | undefined) => {
  if (cowTypeId !== undefined && !(await findCowTypeInFarm(db, farmId, cowTypeId))) {
    throw notFound('No such cow type');
  }
};

export const reproductionKpisRoutes = (services: Services) => [
  bind(api.reproductionKpis.reproductionKpis, async ({ query, user }) => {
    const today = todayOf(query.today);
    if (query.from > query.to) throw badRequest(ERROR_CODES.validation, 'from must not be after to');
    // A period running into the future is judged up to today: "this month" is what has happened of it.
    const to = query.to > today ? today : query.to;
    if (query.from > to) throw badRequest(ERROR_CODES.validation, 'from must not be after today');
    if (daysBetween(query.from, to) >= KPI_PERIOD_MAX_DAYS) {
      throw badRequest(ERROR_CODES.validation, `the period is longer than ${KPI_PERIOD_MAX_DAYS} days`);
    }
    await requireOwnCowType(services.db, user.farmId, query.cowTypeId);
    const [herd, settings] = await Promise.all([
      readFarmHerd(services.db, user.farmId),
      readKpiSettings(services.db, user.farmId),
    ]);
    const period = { from: query.from, to };
    const options = {
      today,
      voluntaryWaitingDays: settings.voluntaryWaitingDays,
      ...(query.cowTypeId === undefined ? {} : { cowTypeId: query.cowTypeId }),
    };
    const { kpis: figures, months } = reproductionKpiReport(herd.cows, period, options);
    const kpis: Kpi[] = REPRODUCTION_KPI_NAMES.map((name) => ({
      name,
      ...figures[name],
      numeratorCowIds: [...figures[name].numeratorCowIds],
      denominatorCowIds: [...figures[name].denominatorCowIds],
      target: settings.targets[name],
    }));
    const named = new Set(kpis.flatMap((kpi) => kpi.denominatorCowIds.concat(kpi.numeratorCowIds)));
    return {
      from: period.from,
      to,
      today,
      cowTypeId: query.cowTypeId ?? null,
      voluntaryWaitingDays: settings.voluntaryWaitingDays,
      kpis,
      months: months.map(({ month, kpis: monthly }) => ({
        month,
        values: Object.fromEntries(
          REPRODUCTION_KPI_NAMES.map((name) => [name, monthly[name].value]),
        ) as Record<(typeof REPRODUCTION_KPI_NAMES)[number], number | null>,
      })),
      cows: [...named].sort((a, b) => a - b).map((id) => ({ id, code: herd.codes.get(id) ?? '' })),
    };
  }),

  bind(api.reproductionKpis.reproductionActionLists, async ({ query, user }) => {
    const today = todayOf(query.today);
    await requireOwnCowType(services.db, user.farmId, query.cowTypeId);
    const [herd, settings, diagnosisDays] = await Promise.all([
      readFarmHerd(services.db, user.farmId),
      readKpiSettings(services.db, user.farmId),
      farmDiagnosisDays(services.db, user.farmId),
    ]);
    const options = {
      today,
      voluntaryWaitingDays: settings.voluntaryWaitingDays,
      diagnosisDays,
      ...(query.cowTypeId === undefined ? {} : { cowTypeId: query.cowTypeId }),
    };
    const withCode = <T extends { cowId: number }>(rows: readonly T[]) =>
      rows.map((row) => ({ ...row, code: herd.codes.get(row.cowId) ?? '' }));
    return {
      today,
      pregnancyChecks: withCode(pregnancyChecksDue(herd.cows, options)),
      dueToCalve: withCode(cowsDueToCalve(herd.cows, options)),
      openWithoutHeat: withCode(openPastWaitingWithoutHeat(herd.cows, options)),
      repeatedServices: withCode(repeatedServices(herd.cows, options)),
    };
  }),

  bind(api.reproductionKpis.getKpiSettings, ({ user }) => readKpiSettings(services.db, user.farmId)),

  bind(api.reproductionKpis.putKpiSettings, async ({ body, user }) => {
    await saveKpiSettings(services.db, user.farmId, body);
    return readKpiSettings(services.db, user.farmId);
  }),
];
