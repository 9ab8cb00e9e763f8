import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../page-loader';
import { QueryError } from '../query-error';
import { NoDataOnDate } from './no-data-on-date';
import { isInvalidPayload } from './sensor-chart-request';

interface LoadState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a chart area shows before its charts: a loader while any of its calls loads, the first failure
 * ('Invalid payload' as the spec words it, else the reason and a retry), or 'No data on this date' when
 * the calls answered but nothing was measured. Otherwise the charts.
 */
export function ChartLoadState({
  loads,
  empty,
  children,
}: {
  loads: readonly LoadState[];
  empty: boolean;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  const failed = loads.find((load) => load.isError);
  if (failed) {
    return isInvalidPayload(failed.error) ? (
      <Alert color="red" role="alert" title={t('charts.invalidPayload')}>
        {t('charts.invalidPayloadBody')}
      </Alert>
    ) : (
      <QueryError error={failed.error} onRetry={() => void failed.refetch()} />
    );
  }
  if (loads.some((load) => load.isPending)) return <PageLoader />;
  if (empty) return <NoDataOnDate />;
  return <>{children()}</>;
}
