import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Honest placeholder for a screen a later release fills: no invented data. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" title={t('comingSoon.title')} data-testid="coming-soon">
      <Text size="sm">{t('comingSoon.body')}</Text>
    </Alert>
  );
}
