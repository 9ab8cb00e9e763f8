import { Group, Text } from '@mantine/core';

/** One entry of a chart's key: a series or a guide line, drawn as its mark on the chart is. */
export interface LegendEntry {
  label: string;
  color: string;
  /** How it is drawn: a line, a dashed series, a dotted guide line across the chart, or bars. */
  mark: 'line' | 'dashed' | 'guide' | 'bar';
}

/** The stroke patterns of the chart, so a key's mark matches the line it names. */
export const DASHES = { dashed: '5 4', guide: '2 3' } as const;

function Mark({ color, mark }: Omit<LegendEntry, 'label'>) {
  return (
    <svg width={18} height={10} aria-hidden style={{ flexShrink: 0 }}>
      {mark === 'bar' ? (
        <rect x={4} y={1} width={10} height={8} fill={color} />
      ) : (
        <line
          x1={0}
          y1={5}
          x2={18}
          y2={5}
          stroke={color}
          strokeWidth={2}
          strokeDasharray={mark === 'line' ? undefined : DASHES[mark]}
        />
      )}
    </svg>
  );
}

/**
 * The key of a chart, beneath the drawing rather than on it: a label written over the plot covers the bars
 * or the line it stands on (the 30-day mean sat on the activity bars), and beneath it wraps to the width a
 * phone has in every language.
 */
export function ChartLegend({ entries }: { entries: readonly LegendEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Group gap={10} wrap="wrap" style={{ rowGap: 2 }} data-testid="chart-legend">
      {entries.map((entry) => (
        <Group key={`${entry.mark}:${entry.label}`} gap={4} wrap="nowrap">
          <Mark color={entry.color} mark={entry.mark} />
          <Text size="xs" c="dimmed" span>
            {entry.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
