import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface SeriesPoint {
  /** The x label ('08:10', '2025-06-01', a band name). */
  label: string;
  value: number | null;
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

/**
 * One Recharts chart in a card, sized to the phone's width, with a text summary beside it for screen
 * readers and for reading at a glance (the chart itself is hidden from assistive technology).
 */
export function SeriesChart({
  id,
  title,
  unit = '',
  points,
  kind = 'line',
  color = 'var(--mantine-color-green-7)',
  digits = 1,
  summary,
  height = 180,
}: Props) {
  const { t } = useTranslation();
  const values = points.map((point) => point.value).filter((value): value is number => value !== null);
  const fmt = (value: number) => `${value.toFixed(digits)}${unit}`;
  const text =
    summary ??
    (values.length === 0
      ? t('common.noData')
      : t('charts.summary', {
          count: values.length,
          min: fmt(Math.min(...values)),
          max: fmt(Math.max(...values)),
          average: fmt(values.reduce((sum, value) => sum + value, 0) / values.length),
        }));
  const data = points.map((point) => ({ label: point.label, value: point.value }));
  return (
    <Card withBorder component="figure" m={0} aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <Stack gap={4}>
        <Title order={3} size="h6" id={`${id}-title`}>
          {title}
        </Title>
        <div aria-hidden style={{ width: '100%', height }}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
            {kind === 'bar' ? (
              <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
                <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="value" fill={color} isAnimationActive={false} />
              </BarChart>
            ) : (
              <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={24} />
                <YAxis tick={{ fontSize: 11 }} domain={['auto', 'auto']} />
                <Tooltip />
                <Line
                  type="monotone"
                  dataKey="value"
                  stroke={color}
                  dot={false}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              </LineChart>
            )}
          </ResponsiveContainer>
        </div>
        <Text component="figcaption" size="xs" c="dimmed" data-testid={`chart-${id}-summary`}>
          {text}
        </Text>
      </Stack>
    </Card>
  );
}
