import type { ReactElement, ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { ResponsiveContainer } from 'recharts';

interface Props {
  id: string;
  title: string;
  height: number;
  /** What the chart shows, in words. */
  caption: string;
  /** The Recharts chart, sized to the figure's width. */
  children: ReactElement;
  /** The chart's key, beneath the drawing (hidden from assistive technology with it: the caption says it). */
  legend?: ReactNode;
}

/**
 * A chart in a card, as a figure with its title and caption. The drawing is hidden from assistive
 * technology; the caption says what it shows, for screen readers and a quick read. The charts turn off
 * Recharts' keyboard layer: a focusable drawing inside that hidden part is a tab stop that reads nothing.
 */
export function ChartFigure({ id, title, height, caption, children, legend }: Props) {
  return (
    <Card withBorder component="figure" m={0} aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <Stack gap={4}>
        <Title order={3} size="h6" id={`${id}-title`}>
          {title}
        </Title>
        <div aria-hidden style={{ width: '100%', height }}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
            {children}
          </ResponsiveContainer>
        </div>
        {legend && <div aria-hidden>{legend}</div>}
        <Text component="figcaption" size="xs" c="dimmed" data-testid={`chart-${id}-summary`}>
          {caption}
        </Text>
      </Stack>
    </Card>
  );
}
