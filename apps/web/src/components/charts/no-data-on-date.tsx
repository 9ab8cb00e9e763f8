import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §2/§5: a date screen whose date has no data says so and asks for another date range. */
export function NoDataOnDate() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" role="status" title={t('common.noDataOnDate')} data-testid="no-data-on-date">
      {t('common.reselectRange')}
    </Alert>
  );
}
