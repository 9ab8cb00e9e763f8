import { SeriesChart } from '../../../components/charts/series-chart';

export interface CountRow {
  label: string;
  value: number;
  /** This bar's colour, in place of the chart's. */
  color?: string;
}

/** The summary text of a count chart: every bar with its number, in words. */
export const listing = (rows: readonly CountRow[]) =>
  rows.map((row) => `${row.label}: ${row.value}`).join(', ');

/** Bars of how many cows (or notices) fall in each group, with the counts spelled out beneath. */
export function CountChart({
  id,
  title,
  color,
  rows,
  summary,
}: {
  id: string;
  title: string;
  color?: string;
  rows: readonly CountRow[];
  summary?: string;
}) {
  return (
    <SeriesChart
      id={id}
      title={title}
      kind="bar"
      color={color}
      digits={0}
      points={rows}
      summary={summary ?? listing(rows)}
    />
  );
}
