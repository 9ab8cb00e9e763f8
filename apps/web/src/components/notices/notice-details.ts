import type { TFunction } from 'i18next';
import {
  isDetailedNoticeCode,
  type DetailedNoticeCode,
  type NoticeDetailsOf,
} from '@cowcare/contract/notice-details';
import type { Notice } from '@cowcare/contract/routes/notices';
import { formatDate, formatDateTime, formatDateTimeRange, formatDecimal, formatTime } from '../../lib/format';

/** The names of `Details` whose values are of type `Value` (null allowed). */
type NamesOf<Details, Value> = {
  [Name in keyof Details]-?: NonNullable<Details[Name]> extends Value ? Name : never;
}[keyof Details] &
  string;

/**
 * Reads a notice's stored values by the names the contract gives its code, each formatted for the user's
 * language; undefined when one is missing or not of its type (a notice stored before its code had it).
 */
class DetailReader<Details> {
  constructor(
    private readonly details: Notice['details'],
    private readonly bcp47: string,
  ) {}

  raw(name: NamesOf<Details, number>): number | undefined {
    const value = this.details[name];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  text(name: NamesOf<Details, string>): string | undefined {
    const value = this.details[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  number(name: NamesOf<Details, number>, digits: number, scale = 1): string | undefined {
    const value = this.raw(name);
    return value === undefined ? undefined : formatDecimal(value * scale, digits, this.bcp47);
  }

  /** A number that names something (a sensor), without grouping. */
  id(name: NamesOf<Details, number>): string | undefined {
    const value = this.raw(name);
    return value === undefined ? undefined : String(value);
  }

  /** Temperatures: one decimal, as the cow list shows them. */
  celsius(name: NamesOf<Details, number>): string | undefined {
    return this.number(name, 1);
  }

  /** A temperature worked out from stored values, as `celsius` writes them. */
  celsiusValue(value: number | undefined): string | undefined {
    return value === undefined || !Number.isFinite(value) ? undefined : formatDecimal(value, 1, this.bcp47);
  }

  day(name: NamesOf<Details, string>): string | undefined {
    const value = this.text(name);
    return value === undefined ? undefined : formatDate(value, this.bcp47);
  }

  moment(name: NamesOf<Details, string>): string | undefined {
    const value = this.text(name);
    return value === undefined ? undefined : formatDateTime(value, this.bcp47);
  }

  /** The time of day only: the notice's own time gives the day. */
  clock(name: NamesOf<Details, string>): string | undefined {
    const value = this.text(name);
    return value === undefined ? undefined : formatTime(value, this.bcp47);
  }

  span(startName: NamesOf<Details, string>, endName: NamesOf<Details, string>): string | undefined {
    const start = this.text(startName);
    const end = this.text(endName);
    return start && end ? formatDateTimeRange(start, end, this.bcp47) : undefined;
  }
}

/** The sentence when every value is there; an older notice may lack one, and then has no line. */
const when = <V extends Record<string, string | undefined>>(
  values: V,
  say: (present: { [K in keyof V]: string }) => string,
): string | undefined =>
  Object.values(values).every((value) => value !== undefined)
    ? say(values as { [K in keyof V]: string })
    : undefined;

type Describe<Details> = (read: DetailReader<Details>, t: TFunction) => string | undefined;

/**
 * What raised a heat, so the farmer can judge it: her activity over the last 12 hours as a multiple of her own
 * usual at those hours of the day, since when her raised hours run, and her highest hour. A notice stored
 * without one of them keeps the shorter line.
 */
const raisedBy = (read: DetailReader<NoticeDetailsOf<101>>) => ({
  ratio: read.number('riseRatio', 1),
  since: read.moment('onset'),
  peak: read.number('peakRatio', 1),
  peakTime: read.moment('peak'),
  window: read.span('windowStart', 'windowEnd'),
});
const heat: Describe<NoticeDetailsOf<101>> = (read, t) =>
  when(raisedBy(read), (v) => t('notices.detail.heatExplained', v)) ??
  when({ ratio: read.number('riseRatio', 1), window: read.span('windowStart', 'windowEnd') }, (v) =>
    t('notices.detail.heat', v),
  );
const inseminationWindow: Describe<NoticeDetailsOf<102>> = (read, t) =>
  when(raisedBy(read), (v) => t('notices.detail.windowExplained', v)) ??
  when({ window: read.span('windowStart', 'windowEnd') }, (v) => t('notices.detail.window', v));
const temperature: Describe<NoticeDetailsOf<201>> = (read, t) =>
  when({ temperature: read.celsius('temperature'), average: read.celsius('average') }, (v) =>
    t('notices.detail.temperature', v),
  );
/**
 * A fever is raised by the band it held for 2 hours, while its last reading may already be higher (a
 * "slight" fever at 41.5 °C puzzles a farmer), so the line also gives the lowest level held since then:
 * deviation = temperature − (average + offset), so that level is temperature − deviation + heldDeviation.
 */
const feverHeldLevel = (read: DetailReader<NoticeDetailsOf<201>>): number | undefined => {
  const [temperature, deviation, held] = [
    read.raw('temperature'),
    read.raw('deviation'),
    read.raw('heldDeviation'),
  ];
  return temperature === undefined || deviation === undefined || held === undefined
    ? undefined
    : temperature - deviation + held;
};
/** 211 holds the other way: the highest temperature − average over the held time. */
const lowTemperatureHeldLevel = (read: DetailReader<NoticeDetailsOf<211>>): number | undefined => {
  const [average, held] = [read.raw('average'), read.raw('heldDeviation')];
  return average === undefined || held === undefined ? undefined : average + held;
};
const heldTemperature =
  (
    heldLevel: (read: DetailReader<NoticeDetailsOf<201>>) => number | undefined,
    key: 'notices.detail.fever' | 'notices.detail.lowTemperature',
  ): Describe<NoticeDetailsOf<201>> =>
  (read, t) =>
    // A notice stored before it had the held values keeps the shorter line.
    when(
      {
        temperature: read.celsius('temperature'),
        held: read.celsiusValue(heldLevel(read)),
        since: read.clock('heldSince'),
        average: read.celsius('average'),
      },
      (v) => t(v.held === v.temperature ? 'notices.detail.heldSteady' : key, v),
    ) ?? temperature(read, t);
const fever = heldTemperature(feverHeldLevel, 'notices.detail.fever');
const lowTemperature = heldTemperature(lowTemperatureHeldLevel, 'notices.detail.lowTemperature');
const line =
  (digits: number): Describe<NoticeDetailsOf<204>> =>
  (read, t) =>
    when({ value: read.number('value', digits), line: read.number('line', digits) }, (v) =>
      t('notices.detail.line', v),
    );
const activity: Describe<NoticeDetailsOf<301>> = (read, t) =>
  when({ percent: read.number('ratio', 0, 100), hours: read.number('windowHours', 0) }, (v) =>
    t('notices.detail.activity', v),
  );
// 402's title already says "no drinking for 12 h"; the line gives her day against her usual, as 401's does.
const drinks: Describe<NoticeDetailsOf<401>> = (read, t) =>
  when({ events: read.number('eventsLast24Hours', 0), mean: read.number('dailyMean', 1) }, (v) =>
    t('notices.detail.lowDrinking', v),
  );

/** Each code's sentence, from the values the contract gives it (`@cowcare/contract/notice-details`). */
/** Support's title and text as support wrote them: they are the platform's words, not ours to translate. */
const platformNotice = (read: DetailReader<NoticeDetailsOf<1101>>): string | undefined => {
  const title = read.text('title');
  const body = read.text('body');
  return title && body ? `${title} · ${body}` : title;
};

const DESCRIBE: { [Code in DetailedNoticeCode]: Describe<NoticeDetailsOf<Code>> } = {
  101: heat,
  102: inseminationWindow,
  103: (read, t) => when({ ratio: read.number('riseRatio', 1) }, (v) => t('notices.detail.suspected', v)),
  201: fever,
  202: fever,
  203: fever,
  204: line(1),
  211: lowTemperature,
  212: (read, t) =>
    when({ temperature: read.celsius('temperature'), reference: read.celsius('reference') }, (v) =>
      t('notices.detail.drop', v),
    ),
  213: line(1),
  301: activity,
  302: activity,
  303: activity,
  304: line(0),
  305: line(0),
  306: (read, t) =>
    when({ paddock: read.text('paddock'), time: read.moment('since') }, (v) =>
      t('notices.detail.paddockBreach', v),
    ),
  401: drinks,
  402: drinks,
  501: (read, t) =>
    when({ drop: read.number('drop', 2), date: read.day('expectedCalvingDate') }, (v) =>
      t('notices.detail.calving', v),
    ),
  502: (read, t) =>
    when({ days: read.number('daysOverdue', 0), date: read.day('expectedCalvingDate') }, (v) =>
      t('notices.detail.calvingOverdue', v),
    ),
  601: (read, t) =>
    when({ date: read.day('pregnancyCheckDate') }, (v) => t('notices.detail.pregnancyCheck', v)),
  602: (read, t) =>
    when({ date: read.day('expectedEstrusDate') }, (v) => t('notices.detail.expectedEstrus', v)),
  603: (read, t) =>
    when({ date: read.day('expectedCalvingDate') }, (v) => t('notices.detail.expectedCalving', v)),
  701: (read, t) => when({ time: read.moment('lastReadingAt') }, (v) => t('notices.detail.offline', v)),
  702: (read, t) => when({ time: read.moment('lastReadingBefore') }, (v) => t('notices.detail.online', v)),
  703: (read, t) =>
    when({ readings: read.number('readings', 0), sensor: read.id('sensor') }, (v) =>
      t('notices.detail.unassigned', v),
    ),
  1101: (read) => platformNotice(read),
  1102: (read) => platformNotice(read),
};

/**
 * The values that raised a notice (the `details` the server stored with it), in words, as one line under
 * its title: what a farmer needs to act without opening the cow, such as a heat's insemination window or a
 * fever's temperature against the cow's average. Undefined for a code without such values.
 */
export function noticeDetail(notice: Notice, t: TFunction, bcp47: string): string | undefined {
  const code = notice.noticecode;
  if (!isDetailedNoticeCode(code)) return undefined;
  // Each entry reads its own code's names; the reader only checks the stored values' types.
  const describe = DESCRIBE[code] as Describe<unknown>;
  return describe(new DetailReader(notice.details, bcp47), t);
}
