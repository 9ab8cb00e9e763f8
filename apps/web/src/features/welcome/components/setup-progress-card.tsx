import { Anchor, Card, Group, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey } from '@cowcare/locales/catalog';
import { CheckIcon, MinusIcon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import type { SetupItem, SetupItemKey, SetupProgress } from '../lib/setup-progress';

const TITLES: Record<SetupItemKey, MessageKey> = {
  farm: 'welcome.item.farm',
  gateway: 'welcome.item.gateway',
  sensors: 'welcome.item.sensors',
  firstReading: 'welcome.item.firstReading',
  cows: 'welcome.item.cows',
};

/** The line under an item: the numbers behind it, from the server. */
function useDetail() {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  return (item: SetupItem, progress: SetupProgress): string | null => {
    switch (item.key) {
      case 'farm':
        return null;
      case 'gateway':
        return progress.gateways === null
          ? item.done
            ? null
            : t('welcome.item.gatewayOwner')
          : t('welcome.item.gatewayCount', { count: progress.gateways });
      case 'sensors':
        return t('welcome.item.sensorCount', { count: progress.sensors });
      case 'firstReading':
        return progress.firstReading
          ? t('welcome.item.firstReadingAt', {
              sensor: progress.firstReading.sensor,
              when: formatDateTime(progress.firstReading.at, bcp47),
            })
          : t('welcome.item.firstReadingWaiting');
      case 'cows':
        return t('welcome.item.cowsWearing', { wearing: progress.cowsWearing, cows: progress.cows });
    }
  };
}

/** How far the farm's setup has come: each part done or not, with its numbers and a link to where it is done. */
export function SetupProgressCard({ progress }: { progress: SetupProgress }) {
  const { t } = useTranslation();
  const detail = useDetail();
  const total = progress.items.length;
  return (
    <Card withBorder component="section" aria-labelledby="welcome-progress" data-testid="welcome-progress">
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h4" id="welcome-progress">
          {t('welcome.progress.title')}
        </Title>
        <Text size="sm" fw={600} data-testid="welcome-progress-count">
          {t('welcome.progress.count', { done: progress.done, total })}
        </Text>
      </Group>
      <Progress
        value={(progress.done / total) * 100}
        color="green"
        size="sm"
        mb="sm"
        aria-label={t('welcome.progress.count', { done: progress.done, total })}
      />
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {progress.items.map((item) => {
          const line = detail(item, progress);
          return (
            <Group
              key={item.key}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="welcome-item"
              data-item={item.key}
              data-done={item.done ? 'true' : 'false'}
            >
              <ThemeIcon
                variant={item.done ? 'filled' : 'light'}
                color={item.done ? 'green' : 'gray'}
                size={24}
                radius="xl"
                aria-hidden
              >
                {item.done ? <CheckIcon size={14} /> : <MinusIcon size={14} />}
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={item.done ? 500 : 600}>
                  <VisuallyHidden>{`${item.done ? t('welcome.done') : t('welcome.notDone')}: `}</VisuallyHidden>
                  {item.done ? (
                    t(TITLES[item.key])
                  ) : (
                    <Anchor component={Link} to={item.path} inherit>
                      {t(TITLES[item.key])}
                    </Anchor>
                  )}
                </Text>
                {line && (
                  <Text size="xs" c="dimmed">
                    {line}
                  </Text>
                )}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
