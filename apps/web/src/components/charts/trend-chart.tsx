import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../lib/format';
import { useBcp47 } from '../../lib/language';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFigure } from './chart-figure';
import { categoryTicks } from './category-ticks';
import { ChartLegend, DASHES, type LegendEntry } from './chart-legend';
import { isPartialRow, type PartialBucket } from './partial-buckets';
import type { RunningBucket } from './running-bucket';
import { valueAxis, valueTick, type ValueAxis } from './value-axis';

/** One x position: its label ('08:10', '06-01') and a value per series key (null: nothing measured). */
export type TrendRow = { label: string } & { [key: string]: string | number | null };

export interface TrendSeries {
  key: string;
  name: string;
  color: string;
  kind?: 'line' | 'dashed' | 'bar';
}

/** A horizontal line across the chart: an alert line, her average, the fever line; named in the key. */
export interface GuideLine {
  label: string;
  value: number | null;
  color: string;
}

interface Props {
  id: string;
  title: string;
  rows: readonly TrendRow[];
  series: readonly TrendSeries[];
  guides?: readonly GuideLine[];
  unit?: string;
  digits?: number;
  /** What the first series counts, for the summary: 10-minute readings, or other points (hours, days). */
  counting?: 'readings' | 'points';
  /** A text summary in place of the computed one (count, lowest, highest, average of the first series). */
  summary?: string;
  height?: number;
  /** Lines only: the value axis spans at least this much (temperatures: 1 °C). */
  minSpan?: number;
  /**
   * Bars only: the row of a bucket still running (`runningBucket`). Drawn faint, left out of the summary,
   * and named in the caption, so a bar of a few hours' readings does not read as a fall.
   */
  running?: RunningBucket;
  /**
   * Bars only: buckets read for only part of their time (`partialBuckets`): drawn faint, left out of the
   * summary and named in the caption with their readings, so the day a sensor was fitted does not read as a
   * quiet day.
   */
  partial?: readonly PartialBucket[];
}

const isNumber = (value: unknown): value is number => typeof value === 'number';

const FONT_SIZE = 11;

/**
 * The chart's key: the series when there are several (one names itself in the title), then every guide line
 * drawn. Guide lines carry no label on the plot, where it would cover the data it crosses.
 */
const legendOf = (series: readonly TrendSeries[], guides: readonly GuideLine[]): LegendEntry[] => [
  ...(series.length > 1
    ? series.map((item) => ({ label: item.name, color: item.color, mark: item.kind ?? 'line' }))
    : []),
  ...guides.map((guide) => ({ label: guide.label, color: guide.color, mark: 'guide' as const })),
];

/** The tooltip's value as the caption writes it; Recharts would show the raw 39.1734. */
const tooltipValue = (fmt: (value: number) => string) => (value: unknown) =>
  isNumber(value) ? fmt(value) : '—';

/**
 * Lines, dashed lines or bars over a shared x axis, with guide lines, in a chart figure whose caption says
 * the range of the first series and every guide line.
 */
export function TrendChart({
  id,
  title,
  rows,
  series,
  guides = [],
  unit = '',
  digits = 1,
  counting = 'points',
  summary,
  height = 180,
  minSpan,
  running,
  partial = [],
}: Props) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const fmt = (value: number) => `${formatDecimal(value, digits, bcp47)}${unit}`;
  const first = series[0];
  const faint = (index: number) => index === running?.index || isPartialRow(partial, index);
  const complete = rows.filter((_, index) => !faint(index));
  const values = first ? complete.map((row) => row[first.key]).filter(isNumber) : [];
  const drawn = guides.filter((guide): guide is GuideLine & { value: number } => isNumber(guide.value));
  const range =
    values.length === 0
      ? t('common.noData')
      : t(counting === 'readings' ? 'charts.summary' : 'charts.summaryPoints', {
          count: values.length,
          min: fmt(Math.min(...values)),
          max: fmt(Math.max(...values)),
          average: fmt(values.reduce((sum, value) => sum + value, 0) / values.length),
        });
  const runningRow = running === undefined ? undefined : rows[running.index];
  const runningNote =
    running === undefined || runningRow === undefined
      ? []
      : [
          t('charts.runningBucket', {
            label: runningRow.label,
            elapsed: formatDecimal(running.elapsedHours, 1, bcp47, true),
            total: running.totalHours,
          }),
        ];
  const partialNote =
    partial.length === 0
      ? []
      : [
          t('charts.partialBuckets', {
            labels: partial
              .map(({ index, readings, fullest }) =>
                t('charts.partialBucket', {
                  label: rows[index]?.label,
                  readings: formatDecimal(readings, 0, bcp47),
                  fullest: formatDecimal(fullest, 0, bcp47),
                }),
              )
              .join(', '),
          }),
        ];
  const text = [
    summary ?? range,
    ...drawn.map((guide) => `${guide.label}: ${fmt(guide.value)}`),
    ...runningNote,
    ...partialNote,
  ].join(' · ');
  const bars = series.some((item) => item.kind === 'bar');
  const plotted = series.flatMap((item) => rows.map((row) => row[item.key]).filter(isNumber));
  const axis: ValueAxis = bars
    ? { domain: [0, 'auto'] }
    : valueAxis([...plotted, ...drawn.map((guide) => guide.value)], minSpan);
  return (
    <ChartFigure
      id={id}
      title={title}
      height={height}
      caption={text}
      legend={<ChartLegend entries={legendOf(series, drawn)} />}
    >
      <ComposedChart
        data={rows}
        margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fontSize: FONT_SIZE }}
          ticks={categoryTicks(
            rows.map((row) => row.label),
            FONT_SIZE,
          )}
          interval={0}
        />
        <YAxis
          tick={{ fontSize: FONT_SIZE }}
          domain={axis.domain}
          ticks={axis.ticks}
          allowDecimals={!bars}
          tickFormatter={valueTick(digits, bcp47)}
        />
        <Tooltip formatter={tooltipValue(fmt)} />
        {series.map((item) =>
          item.kind === 'bar' ? (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.name}
              fill={item.color}
              isAnimationActive={false}
            >
              {rows.map((row, index) => (
                <Cell key={`${row.label}-${index}`} fill={item.color} fillOpacity={faint(index) ? 0.35 : 1} />
              ))}
            </Bar>
          ) : (
            <Line
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.name}
              stroke={item.color}
              strokeDasharray={item.kind === 'dashed' ? DASHES.dashed : undefined}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ),
        )}
        {drawn.map((guide) => (
          <ReferenceLine
            key={guide.label}
            y={guide.value}
            stroke={guide.color}
            strokeDasharray={DASHES.guide}
            ifOverflow="extendDomain"
          />
        ))}
      </ComposedChart>
    </ChartFigure>
  );
}
