import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Line, LineChart, ResponsiveContainer } from 'recharts';
import type { Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import { isOnTarget } from '@cowcare/domain/reproduction-kpi-targets';
import { useBcp47 } from '../../../lib/language';
import { chartValueOf, formatKpiNumber } from '../lib/kpi-format';
import { kpiMakeup, kpiTargetText } from '../lib/kpi-texts';

const VERDICT_COLORS = { true: 'green', false: 'orange', null: 'gray' } as const;

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
    <Card withBorder p="sm" component={Link} to={to} data-testid={`kpi-${kpi.name}`} aria-label={name}>
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Text size="xl" fw={700} data-testid={`kpi-${kpi.name}-value`}>
            {kpi.value === null ? '–' : formatKpiNumber(kpi.name, kpi.value, bcp47)}
          </Text>
          <div aria-hidden style={{ width: 96, height: 32 }}>
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 96, height: 32 }}>
              <LineChart data={points} accessibilityLayer={false}>
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
        </Group>
        <Text size="xs" c="dimmed">
          {kpi.value === null ? t('kpis.noData') : kpiMakeup(kpi, t, bcp47)}
        </Text>
        <Badge
          variant="light"
          color={VERDICT_COLORS[String(verdict) as keyof typeof VERDICT_COLORS]}
          data-testid={`kpi-${kpi.name}-target`}
        >
          {kpiTargetText(kpi, t, bcp47)}
          {verdict !== null && ` · ${t(verdict ? 'kpis.onTarget' : 'kpis.offTarget')}`}
        </Badge>
      </Stack>
    </Card>
  );
}
