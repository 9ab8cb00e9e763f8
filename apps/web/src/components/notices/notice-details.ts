import type { TFunction } from 'i18next';
import type { Notice } from '@cowcare/contract/routes/notices';
import { formatDate, formatDateTime, formatDateTimeRange } from '../../lib/format';

/** Reads a notice's stored values, each formatted for the user's language; undefined when it is missing. */
class DetailReader {
  constructor(
    private readonly details: Notice['details'],
    private readonly bcp47: string,
  ) {}

  private raw(name: string): number | undefined {
    const value = this.details[name];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  private text(name: string): string | undefined {
    const value = this.details[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  number(name: string, digits: number, scale = 1): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const format = new Intl.NumberFormat(this.bcp47, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return format.format(Math.abs(value * scale) < 1e-9 ? 0 : value * scale);
  }

  /** A number that names something (a sensor), without grouping. */
  id(name: string): string | undefined {
    const value = this.raw(name);
    return value === undefined ? undefined : String(value);
  }

  /** Temperatures: one decimal, as the cow list shows them. */
  celsius(name: string): string | undefined {
    return this.number(name, 1);
  }

  day(name: string): string | undefined {
    const value = this.text(name);
    return value === undefined ? undefined : formatDate(value, this.bcp47);
  }

  moment(name: string): string | undefined {
    const value = this.text(name);
    return value === undefined ? undefined : formatDateTime(value, this.bcp47);
  }

  span(startName: string, endName: string): string | undefined {
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

type Describe = (read: DetailReader, t: TFunction) => string | undefined;

const heat: Describe = (read, t) =>
  when({ ratio: read.number('riseRatio', 1), window: read.span('windowStart', 'windowEnd') }, (v) =>
    t('notices.detail.heat', v),
  );
const temperature: Describe = (read, t) =>
  when({ temperature: read.celsius('temperature'), average: read.celsius('average') }, (v) =>
    t('notices.detail.temperature', v),
  );
const line =
  (digits: number): Describe =>
  (read, t) =>
    when({ value: read.number('value', digits), line: read.number('line', digits) }, (v) =>
      t('notices.detail.line', v),
    );
const drinks: Describe = (read, t) =>
  when({ events: read.number('eventsLast24Hours', 0), mean: read.number('dailyMean', 1) }, (v) =>
    t('notices.detail.lowDrinking', v),
  );
const activity: Describe = (read, t) =>
  when({ percent: read.number('ratio', 0, 100), hours: read.number('windowHours', 0) }, (v) =>
    t('notices.detail.activity', v),
  );

/** Codes whose details the server stores (architecture §6), each with its sentence. */
const DESCRIBE_BY_CODE: ReadonlyMap<number, Describe> = new Map<number, Describe>([
  [101, heat],
  [
    102,
    (read, t) =>
      when({ window: read.span('windowStart', 'windowEnd') }, (v) => t('notices.detail.window', v)),
  ],
  [103, (read, t) => when({ ratio: read.number('riseRatio', 1) }, (v) => t('notices.detail.suspected', v))],
  [201, temperature],
  [202, temperature],
  [203, temperature],
  [211, temperature],
  [
    212,
    (read, t) =>
      when({ temperature: read.celsius('temperature'), reference: read.celsius('reference') }, (v) =>
        t('notices.detail.drop', v),
      ),
  ],
  [204, line(1)],
  [213, line(1)],
  [304, line(0)],
  [305, line(0)],
  [301, activity],
  [302, activity],
  [303, activity],
  // 402's title already says "no drinking for 12 h"; the line gives her day against her usual, as 401's does.
  [401, drinks],
  [402, drinks],
  [
    501,
    (read, t) =>
      when({ drop: read.number('drop', 2), date: read.day('expectedCalvingDate') }, (v) =>
        t('notices.detail.calving', v),
      ),
  ],
  [
    502,
    (read, t) =>
      when({ days: read.number('daysOverdue', 0), date: read.day('expectedCalvingDate') }, (v) =>
        t('notices.detail.calvingOverdue', v),
      ),
  ],
  [
    601,
    (read, t) => when({ date: read.day('pregnancyCheckDate') }, (v) => t('notices.detail.pregnancyCheck', v)),
  ],
  [
    602,
    (read, t) => when({ date: read.day('expectedEstrusDate') }, (v) => t('notices.detail.expectedEstrus', v)),
  ],
  [
    603,
    (read, t) =>
      when({ date: read.day('expectedCalvingDate') }, (v) => t('notices.detail.expectedCalving', v)),
  ],
  [701, (read, t) => when({ time: read.moment('lastReadingAt') }, (v) => t('notices.detail.offline', v))],
  [702, (read, t) => when({ time: read.moment('lastReadingBefore') }, (v) => t('notices.detail.online', v))],
  [
    703,
    (read, t) =>
      when({ readings: read.number('readings', 0), sensor: read.id('sensor') }, (v) =>
        t('notices.detail.unassigned', v),
      ),
  ],
]);

/**
 * The values that raised a notice (the `details` the server stored with it), in words, as one line under
 * its title: what a farmer needs to act without opening the cow, such as a heat's insemination window or a
 * fever's temperature against the cow's average. Undefined for a code without such values.
 */
export function noticeDetail(notice: Notice, t: TFunction, bcp47: string): string | undefined {
  return DESCRIBE_BY_CODE.get(notice.noticecode)?.(new DetailReader(notice.details, bcp47), t);
}
