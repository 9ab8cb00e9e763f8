import { CategoryBarChart, type CategoryBar } from '../../../components/charts/category-bar-chart';

export type CountRow = CategoryBar;

/** The summary text of a count chart: every bar with its number, in words. */
export const listing = (rows: readonly CountRow[]) =>
  rows.map((row) => `${row.label}: ${row.value}`).join(', ');

/** Bars of how many cows (or notices) fall in each group, with the counts spelled out beneath. */
export function CountChart({
  id,
  title,
  color = 'var(--mantine-color-green-7)',
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
    <CategoryBarChart id={id} title={title} color={color} bars={rows} summary={summary ?? listing(rows)} />
  );
}
