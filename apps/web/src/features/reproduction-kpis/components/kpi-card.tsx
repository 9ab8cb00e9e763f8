import { Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Line, LineChart, ResponsiveContainer } from 'recharts';
import type { Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import { isOnTarget } from '@cowcare/domain/reproduction-kpi-targets';
import { useBcp47 } from '../../../lib/language';
import { chartValueOf, formatKpiNumber } from '../lib/kpi-format';
import { kpiMakeup, kpiTargetText } from '../lib/kpi-texts';

/** The theme's text shades, which keep 4.5:1 on white: met, missed, nothing to judge. */
const VERDICT_COLORS = {
  true: 'var(--mantine-color-green-text)',
  false: 'var(--mantine-color-orange-text)',
  null: 'dimmed',
} as const;

/** A month's value of this KPI, null where nothing was judged. */
export type MonthlyValues = readonly (number | null)[];

/**
 * One figure: its value, what it is made of, the herd's target marked met or missed, and the months behind
 * it as a small line. The whole card opens the figure's page with its trend and its cows.
 */
export function KpiCard({ kpi, months, to }: { kpi: Kpi; months: MonthlyValues; to: string }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const verdict = isOnTarget(kpi.name, kpi.value, kpi.target);
  const name = t(`kpis.name.${kpi.name}`);
  const points = months.map((value, index) => ({ index, value: chartValueOf(kpi.name, value) }));
  return (
    <Card withBorder p="xs" component={Link} to={to} data-testid={`kpi-${kpi.name}`}>
      <Stack gap={2}>
        <Text size="sm" fw={600} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="xl" fw={700} data-testid={`kpi-${kpi.name}-value`}>
          {kpi.value === null ? '–' : formatKpiNumber(kpi.name, kpi.value, bcp47)}
        </Text>
        <div aria-hidden style={{ width: '100%', height: 28 }}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 140, height: 28 }}>
            <LineChart
              data={points}
              accessibilityLayer={false}
              margin={{ top: 2, right: 2, bottom: 2, left: 2 }}
            >
              <Line
                dataKey="value"
                stroke="var(--mantine-color-green-7)"
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
                connectNulls
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <Text size="xs" c="dimmed">
          {kpi.value === null ? t('kpis.noData') : kpiMakeup(kpi, t, bcp47)}
        </Text>
        <Text
          size="xs"
          fw={600}
          c={VERDICT_COLORS[String(verdict) as keyof typeof VERDICT_COLORS]}
          data-testid={`kpi-${kpi.name}-target`}
        >
          {kpiTargetText(kpi, t, bcp47)}
          {verdict !== null && ` · ${t(verdict ? 'kpis.onTarget' : 'kpis.offTarget')}`}
        </Text>
      </Stack>
    </Card>
  );
}
