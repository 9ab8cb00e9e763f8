import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  KPI_TARGET_BOUNDS,
  REPRODUCTION_KPI_KINDS,
  REPRODUCTION_KPI_NAMES,
  type ReproductionKpiName,
} from '@cowcare/domain/reproduction-kpi-targets';
import { defineRoute } from '../route';
import { CalendarDate, DateString, Id } from '../schemas';

// The herd's reproduction KPIs, their targets and the morning action lists (issue 40; docs/kpis.md). The
// server judges the farm's records with the domain's pure functions; the app only draws the answer.

const tag = 'reproduction-kpis';

/** The longest period one call judges: ten years of months. */
export const KPI_PERIOD_MAX_DAYS = 3660;

/** Voluntary waiting period: days after calving before a cow is meant to be bred again. */
export const VoluntaryWaitingDays = Type.Integer({ minimum: 20, maximum: 200 });

const perKpi = <T extends TSchema>(schemaOf: (name: ReproductionKpiName) => T) =>
  Type.Object(
    Object.fromEntries(REPRODUCTION_KPI_NAMES.map((name) => [name, schemaOf(name)])) as {
      [K in ReproductionKpiName]: T;
    },
  );

const Target = (name: ReproductionKpiName) => {
  const { min, max } = KPI_TARGET_BOUNDS[REPRODUCTION_KPI_KINDS[name].unit];
  return Type.Number({ minimum: min, maximum: max });
};
const KpiValue = Type.Union([Type.Number(), Type.Null()]);

export const KpiSettingsSchema = Type.Object({
  voluntaryWaitingDays: VoluntaryWaitingDays,
  /** Rates as fractions (0.6 = 60 %), days in days, services per conception as a count. */
  targets: perKpi(Target),
});
export type KpiSettings = Static<typeof KpiSettingsSchema>;

const CowIds = Type.Array(Id);

export const KpiSchema = Type.Object({
  name: Type.Union(REPRODUCTION_KPI_NAMES.map((name) => Type.Literal(name))),
  /** numerator / denominator; null when there is nothing to judge. */
  value: KpiValue,
  numerator: Type.Number(),
  denominator: Type.Number(),
  numeratorCowIds: CowIds,
  denominatorCowIds: CowIds,
  target: Type.Number(),
});
export type Kpi = Static<typeof KpiSchema>;

const CowRef = Type.Object({ id: Id, code: Type.String() });

const KpiQuery = Type.Object({
  /** The caller's own day (the server does not know the farm's time zone); within a day of the server's. */
  today: Type.Optional(CalendarDate),
  /** One cow type of the farm; the whole herd when left out. */
  cowTypeId: Type.Optional(Id),
});

export const reproductionKpis = defineRoute({
  method: 'GET',
  path: 'kpis/reproduction',
  access: 'user',
  tag,
  summary:
    `The reproduction KPIs over [from, to] (at most ${KPI_PERIOD_MAX_DAYS} days) and per calendar month, for ` +
    'the herd or one cow type, with the cows behind each number and the farm’s targets. A period running ' +
    'past today is judged up to today (the answer’s `to`); from after to is 400, a cow type not of the ' +
    'farm 404.',
  query: Type.Composite([Type.Object({ from: CalendarDate, to: CalendarDate }), KpiQuery]),
  data: Type.Object({
    from: DateString,
    to: DateString,
    today: DateString,
    cowTypeId: Type.Union([Id, Type.Null()]),
    voluntaryWaitingDays: VoluntaryWaitingDays,
    kpis: Type.Array(KpiSchema),
    months: Type.Array(
      Type.Object({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }), values: perKpi(() => KpiValue) }),
    ),
    /** Every cow named in `kpis`, for the lists behind the numbers. */
    cows: Type.Array(CowRef),
  }),
});

const ListedCow = { cowId: Id, code: Type.String() };

export const reproductionActionLists = defineRoute({
  method: 'GET',
  path: 'kpis/reproduction/action-lists',
  access: 'user',
  tag,
  summary:
    "The morning's lists: pregnancy checks due this week (overdue first), cows due to calve within 30 " +
    'days, cows open past the voluntary waiting period without a heat, and cows with 3 or more services ' +
    'since calving without a pregnancy.',
  query: KpiQuery,
  data: Type.Object({
    today: DateString,
    pregnancyChecks: Type.Array(
      Type.Object({ ...ListedCow, serviceDate: DateString, checkDate: DateString, overdue: Type.Boolean() }),
    ),
    dueToCalve: Type.Array(
      Type.Object({
        ...ListedCow,
        serviceDate: DateString,
        expectedCalvingDate: DateString,
        daysToCalving: Type.Integer(),
      }),
    ),
    openWithoutHeat: Type.Array(
      Type.Object({ ...ListedCow, calvingDate: DateString, daysSinceCalving: Type.Integer() }),
    ),
    repeatedServices: Type.Array(
      Type.Object({ ...ListedCow, services: Type.Integer(), lastServiceDate: DateString }),
    ),
  }),
});

export const getKpiSettings = defineRoute({
  method: 'GET',
  path: 'kpis/reproduction/settings',
  access: 'user',
  tag,
  summary: "The farm's KPI targets and voluntary waiting period (the usual values until an owner sets them)",
  data: KpiSettingsSchema,
});

export const putKpiSettings = defineRoute({
  method: 'PUT',
  path: 'kpis/reproduction/settings',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: "Save the farm's KPI targets and voluntary waiting period (every target within its unit's bounds)",
  body: KpiSettingsSchema,
  data: KpiSettingsSchema,
});
