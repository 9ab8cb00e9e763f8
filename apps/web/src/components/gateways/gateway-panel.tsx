import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Gateway } from '@cowcare/contract/routes/gateways';
import { BossPasswordModal } from '../boss-password-modal';
import { QueryError } from '../query-error';
import { PageLoader } from '../page-loader';
import { bossErrorKey } from '../../lib/boss-password';
import { refusalText } from '../../lib/error-message';
import { formatRelative } from '../../lib/format';
import { currentLanguage, LANGUAGES } from '../../lib/i18n';
import { useAddGateway, useGatewayAction, useGateways, type FarmParams } from '../../lib/api/gateways';
import { ConnectGateway } from './connect-gateway';

function GatewayRow({
  gateway,
  onConnect,
  onAction,
}: {
  gateway: Gateway;
  onConnect: () => void;
  onAction: (action: 'rotate' | 'delete') => void;
}) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  return (
    <Stack
      gap={4}
      p="sm"
      data-testid="gateway-row"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {gateway.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {gateway.username}
          </Text>
        </Stack>
        <Badge color={gateway.online ? 'green' : 'gray'} variant="light" data-testid="gateway-state">
          {gateway.online ? t('gateways.online') : t('gateways.offline')}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {gateway.lastSeenAt
          ? t('gateways.lastSeen', { when: formatRelative(gateway.lastSeenAt, t, bcp47) })
          : t('gateways.neverSeen')}
        {gateway.lastAddress ? ` · ${t('gateways.from', { address: gateway.lastAddress })}` : ''}
      </Text>
      <Text size="xs" data-testid="gateway-today">
        {t('gateways.storedToday', { count: gateway.storedToday })}
        {gateway.refusedToday > 0 && (
          <Text span size="xs" c="red.8">
            {' · '}
            {t('gateways.refusedToday', { count: gateway.refusedToday, reason: gateway.topRefusal ?? '' })}
          </Text>
        )}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="compact-xs" variant="subtle" onClick={onConnect}>
          {t('gateways.howToConnect')}
        </Button>
        <Button size="compact-xs" variant="light" onClick={() => onAction('rotate')}>
          {t('gateways.rotate')}
        </Button>
        <Button size="compact-xs" variant="light" color="red" onClick={() => onAction('delete')}>
          {t('gateways.delete')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The farm's gateways (sensor page, setup step 2): the list with states and today's traffic, adding one
 * (then "Connect your gateway" with its secret, once), rotating a secret and deleting, both behind the boss
 * password.
 */
export function GatewayPanel({ farm }: { farm: FarmParams }) {
  const { t } = useTranslation();
  const gateways = useGateways(farm);
  const add = useAddGateway(farm);
  const action = useGatewayAction();
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  /** The gateway whose connection screen is open, with its secret when it was just made. */
  const [shown, setShown] = useState<{ id: number; secret: string | null } | null>(null);
  const [asked, setAsked] = useState<{ id: number; action: 'rotate' | 'delete' } | null>(null);

  if (gateways.isPending) return <PageLoader />;
  if (gateways.isError) return <QueryError error={gateways.error} onRetry={() => void gateways.refetch()} />;
  const { connection } = gateways.data;
  const list = gateways.data.gateways;
  const shownGateway = shown ? list.find((gateway) => gateway.id === shown.id) : undefined;

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameMissing(true);
      return;
    }
    setNameMissing(false);
    add.mutate(name.trim(), {
      onSuccess: ({ gateway, secret }) => {
        setName('');
        setShown({ id: gateway.id, secret });
      },
    });
  };

  const onConfirm = (password: string) => {
    if (!asked) return;
    action.mutate(
      { ...asked, password },
      {
        onSuccess: (result) => {
          setAsked(null);
          if (result) setShown({ id: result.gateway.id, secret: result.secret });
          else if (shown?.id === asked.id) setShown(null);
        },
      },
    );
  };

  if (shownGateway && shown) {
    return (
      <ConnectGateway
        gateway={shownGateway}
        connection={connection}
        secret={shown.secret}
        onDone={() => {
          setShown(null);
          void gateways.refetch();
        }}
      />
    );
  }

  const askedGateway = asked ? list.find((gateway) => gateway.id === asked.id) : undefined;
  const bossError = action.isError ? bossErrorKey(action.error) : null;
  return (
    <Card withBorder padding={0} component="section" aria-label={t('gateways.title')}>
      <Stack gap={0}>
        <Stack gap={2} p="sm">
          <Title order={2} size="h5">
            {t('gateways.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('gateways.intro')}
          </Text>
        </Stack>
        {list.length === 0 ? (
          <Text size="sm" px="sm" pb="sm" data-testid="gateways-empty">
            {t('gateways.none')}
          </Text>
        ) : (
          list.map((gateway) => (
            <GatewayRow
              key={gateway.id}
              gateway={gateway}
              onConnect={() => setShown({ id: gateway.id, secret: null })}
              onAction={(kind) => {
                action.reset();
                setAsked({ id: gateway.id, action: kind });
              }}
            />
          ))
        )}
        <form onSubmit={onAdd} noValidate aria-label={t('gateways.add')}>
          <Group align="flex-end" p="sm" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('gateways.name')}
              placeholder={t('gateways.namePlaceholder')}
              value={name}
              maxLength={60}
              error={nameMissing ? t('validation.required') : undefined}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" loading={add.isPending}>
              {t('gateways.add')}
            </Button>
          </Group>
        </form>
        {add.isError && (
          <Alert color="red" variant="light" role="alert" m="sm" mt={0}>
            {refusalText(add.error, t)}
          </Alert>
        )}
        {action.isError && !bossError && (
          <Alert color="red" variant="light" role="alert" m="sm" mt={0}>
            {refusalText(action.error, t)}
          </Alert>
        )}
      </Stack>
      <BossPasswordModal
        opened={asked !== null}
        pending={action.isPending}
        error={bossError}
        onConfirm={onConfirm}
        onClose={() => setAsked(null)}
        prompt={
          askedGateway &&
          (asked?.action === 'rotate'
            ? t('gateways.rotatePrompt', { name: askedGateway.name })
            : t('gateways.deletePrompt', { name: askedGateway.name }))
        }
      />
    </Card>
  );
}
