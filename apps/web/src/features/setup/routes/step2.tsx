import { Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { NECK_SENSOR_THRESHOLD } from '@cowcare/domain/sensor';
import { GatewayPanel } from '../../../components/gateways/gateway-panel';
import { MapPinIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { SensorInventoryPanel } from '../../../components/sensors/sensor-inventory-panel';
import { SetupSteps } from '../../../components/setup-steps';
import { paths, withQuery } from '../../../config/paths';
import { useUser } from '../../../lib/session';

function Sensors({ user }: { user: User }) {
  const { t } = useTranslation();
  const farm = { country: user.country, FarmNumber: user.FarmNumber };
  return (
    <Stack gap="md">
      <Card withBorder>
        <Text size="sm" mb="xs">
          {t('setup.sensors.intro')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('setup.sensors.neck', { threshold: NECK_SENSOR_THRESHOLD })}</List.Item>
          <List.Item>{t('setup.sensors.pill', { threshold: NECK_SENSOR_THRESHOLD })}</List.Item>
        </List>
      </Card>
      <SensorInventoryPanel farm={farm} />
      <GatewayPanel farm={farm} />
      <Card withBorder>
        <Text size="sm" mb="xs">
          {t('settings.place.body')}
        </Text>
        <Button
          component={Link}
          variant="light"
          to={withQuery(paths.system.chooseLocation, { for: 'farm' })}
          leftSection={<MapPinIcon size={16} />}
        >
          {t('settings.place.farm')}
        </Button>
      </Card>
    </Stack>
  );
}

/** Setup wizard, step 2: the farm's sensors (kept on the server) and its gateways. */
export function Step2Route() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.step2')} back backTo={paths.index.step1}>
      <SetupSteps active={1} />
      {user ? <Sensors user={user} /> : <PageLoader />}
      <Group justify="space-between" mt="md">
        <Button component={Link} to={paths.index.step1} variant="default">
          {t('setup.back')}
        </Button>
        <Button component={Link} to={paths.index.step3}>
          {t('setup.next')}
        </Button>
      </Group>
    </Page>
  );
}
