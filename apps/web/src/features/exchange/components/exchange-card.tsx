import { Card, Divider, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdeExport } from './ade-export';
import { AdeImport } from './ade-import';

/** The settings page's data exchange: the farm out as an ICAR ADE file, and such a file in. */
export function ExchangeCard({ farmNumber }: { farmNumber: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="settings-exchange" mt="md">
      <Title order={2} size="h4" mb="xs" id="settings-exchange">
        {t('exchange.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('exchange.body')}
      </Text>
      <Title order={3} size="h5" mb="xs">
        {t('exchange.export.title')}
      </Title>
      <AdeExport farmNumber={farmNumber} />
      <Divider my="md" />
      <Title order={3} size="h5" mb="xs">
        {t('exchange.import.title')}
      </Title>
      <AdeImport />
    </Card>
  );
}
