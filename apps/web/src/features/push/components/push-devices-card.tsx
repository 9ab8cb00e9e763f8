import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { useEnablePushHere, usePushDevices, useRemovePushDevice } from '../api/push-devices';
import { PushUnavailableError, pushAvailability, thisDeviceId } from '../lib/browser-push';

/** The browser's or the server's words for a failed registration ("Registration failed - push service error"). */
const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Why this browser cannot be woken, in the user's words, or nothing when it can. */
function useUnavailableReason(error: unknown): string | undefined {
  const { t } = useTranslation();
  const reason = error instanceof PushUnavailableError ? error.reason : undefined;
  const availability = pushAvailability();
  if (availability === 'unsupported' || reason === 'unsupported') return t('push.unsupported');
  if (availability === 'denied' || reason === 'denied') return t('push.denied');
  if (reason === 'noWorker') return t('push.noWorker');
  return undefined;
}

/** The devices that receive the user's pushes, and the tap that adds this one (the permission prompt with it). */
export function PushDevicesCard() {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const devices = usePushDevices();
  const enable = useEnablePushHere();
  const remove = useRemovePushDevice();
  const unavailable = useUnavailableReason(enable.error);
  const here = thisDeviceId();
  const listed = devices.data ?? [];
  const hereListed = listed.some((device) => device.id === here);
  return (
    <Card withBorder component="section" aria-labelledby="push-devices">
      <Title order={2} size="h4" mb="xs" id="push-devices">
        {t('push.devices.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('push.devices.why')}
      </Text>
      <Stack gap="sm">
        {unavailable ? (
          <Alert color="yellow">{unavailable}</Alert>
        ) : (
          !hereListed && (
            <Button loading={enable.isPending} onClick={() => enable.mutate()}>
              {t('push.devices.enableHere')}
            </Button>
          )
        )}
        {enable.isError && !unavailable && (
          <Alert color="red">{t('push.devices.failed', { reason: errorMessage(enable.error) })}</Alert>
        )}
        {devices.isPending && <PageLoader />}
        {devices.isError && <QueryError error={devices.error} onRetry={() => void devices.refetch()} />}
        {devices.isSuccess && listed.length === 0 && <Text size="sm">{t('push.devices.none')}</Text>}
        {listed.map((device) => (
          <Group key={device.id} justify="space-between" wrap="nowrap" data-testid="push-device">
            <div>
              <Text fw={500}>
                {device.label}
                {device.id === here ? ` · ${t('push.devices.thisDevice')}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {device.lastSentAt
                  ? t('push.devices.lastSent', { time: formatDateTime(device.lastSentAt, bcp47) })
                  : t('push.devices.since', { time: formatDateTime(device.createdAt, bcp47) })}
              </Text>
            </div>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              loading={remove.isPending && remove.variables === device.id}
              onClick={() => remove.mutate(device.id)}
            >
              {t('push.devices.remove')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
