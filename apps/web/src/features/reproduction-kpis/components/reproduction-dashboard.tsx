import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '@cowcare/contract/schemas';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useReproductionKpis } from '../api/reproduction-kpis';
import { useKpiScope } from '../lib/kpi-scope';
import { ActionLists } from './action-lists';
import { KpiGrid } from './kpi-grid';
import { KpiScopePicker } from './kpi-scope-picker';

/**
 * The herd's reproduction at a glance (issue 40): every KPI against the farm's target for the chosen period
 * and cow type, each opening its trend and its cows, then the morning's action lists.
 */
export function ReproductionDashboard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { choice, scope, query, setChoice, setCustom, setCowTypeId } = useKpiScope();
  const figures = useReproductionKpis(scope);
  return (
    <Stack gap="sm">
      <Card withBorder component="section" aria-labelledby="reproduction-kpis-title" p="sm">
        <Stack gap="xs">
          <Title order={2} size="h5" id="reproduction-kpis-title">
            {t('kpis.title')}
          </Title>
          <KpiScopePicker
            FarmNumber={user.FarmNumber}
            choice={choice}
            scope={scope}
            onChoice={setChoice}
            onCustom={setCustom}
            onCowType={setCowTypeId}
          />
          {figures.isPending && <PageLoader />}
          {figures.isError && <QueryError error={figures.error} onRetry={() => void figures.refetch()} />}
          {figures.data && (
            <>
              <KpiGrid kpis={figures.data.kpis} months={figures.data.months} scopeQuery={query} />
              <Text size="xs" c="dimmed">
                {t('kpis.hint', { days: figures.data.voluntaryWaitingDays })}
              </Text>
            </>
          )}
        </Stack>
      </Card>
      <ActionLists cowTypeId={scope.cowTypeId} />
    </Stack>
  );
}
