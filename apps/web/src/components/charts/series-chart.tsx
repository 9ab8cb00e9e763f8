import { TrendChart } from './trend-chart';

export interface SeriesPoint {
  /** The x label ('08:10', '2025-06-01', a band name). */
  label: string;
  value: number | null;
  /** Bars: this bar's colour, in place of the chart's. */
  color?: string;
}

interface Props {
  id: string;
  title: string;
  unit?: string;
  points: readonly SeriesPoint[];
  kind?: 'line' | 'bar';
  color?: string;
  digits?: number;
  /** A text summary in place of the computed one (min, max, average). */
  summary?: string;
  height?: number;
}

/** A chart of one series (a line, or bars such as cows per band): a TrendChart with a single series. */
export function SeriesChart({
  points,
  kind = 'line',
  color = 'var(--mantine-color-green-7)',
  title,
  ...rest
}: Props) {
  return (
    <TrendChart
      {...rest}
      title={title}
      counting="readings"
      rows={points.map((point) => ({ label: point.label, value: point.value }))}
      series={[{ key: 'value', name: title, color, kind }]}
      barColors={points.map((point) => point.color)}
    />
  );
}
