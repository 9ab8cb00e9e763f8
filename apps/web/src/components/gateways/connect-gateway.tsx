import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Code, CopyButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { GatewayFirstReadingSocketData } from '@cowcare/contract/socket-messages';
import type { Gateway, GatewayConnection } from '@cowcare/contract/routes/gateways';
import { CheckIcon } from '../icons';
import { appEvents } from '../../lib/event-bus';
import { formatTime } from '../../lib/format';
import { currentLanguage, LANGUAGES } from '../../lib/i18n';

/** The example reading shown and put in the commands: one neck sensor's reading of now. */
export function examplePayload(sensor: number, now: Date): string {
  return JSON.stringify([
    { sensor, num: 1, timedate: now.toISOString().slice(0, 19) + 'Z', temp: 38.6, activity: 12 },
  ]);
}

/** Single quotes for a POSIX shell: the text as it is, any single quote closed, escaped and reopened. */
const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

export function mosquittoCommand(
  gateway: Pick<Gateway, 'username'>,
  connection: GatewayConnection,
  payload: string,
) {
  return [
    'mosquitto_pub',
    `-h ${connection.mqttHost}`,
    `-p ${connection.mqttPort}`,
    `-u ${shellQuote(gateway.username)}`,
    '-P "$COWCARE_SECRET"',
    '-q 1',
    `-t ${shellQuote(connection.topic)}`,
    `-m ${shellQuote(payload)}`,
  ].join(' ');
}

/**
 * The same test over TLS, from the MQTTS address: `--capath` trusts the system's certificate authorities (a
 * certificate from a public one); a self-signed certificate needs `--cafile` instead (the hint says so).
 */
export function mosquittoTlsCommand(
  gateway: Pick<Gateway, 'username'>,
  mqttsUrl: string,
  topic: string,
  payload: string,
) {
  const url = new URL(mqttsUrl);
  // A URL writes an IPv6 host in brackets; mosquitto_pub's -h takes it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return [
    'mosquitto_pub',
    `-h ${host}`,
    `-p ${url.port || '8883'}`,
    '--capath /etc/ssl/certs',
    `-u ${shellQuote(gateway.username)}`,
    '-P "$COWCARE_SECRET"',
    '-q 1',
    `-t ${shellQuote(topic)}`,
    `-m ${shellQuote(payload)}`,
  ].join(' ');
}

export function curlCommand(
  gateway: Pick<Gateway, 'username'>,
  connection: GatewayConnection,
  origin: string,
  payload: string,
) {
  return [
    'curl',
    `-u ${shellQuote(gateway.username)}:"$COWCARE_SECRET"`,
    "-H 'Content-Type: application/json'",
    `-d ${shellQuote(payload)}`,
    `${origin}${connection.httpPath}`,
  ].join(' ');
}

function Copyable({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <CheckIcon size={12} /> : undefined}
              onClick={copy}
              aria-label={t('gateways.copyWhat', { what: label })}
            >
              {copied ? t('gateways.copied') : t('gateways.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
      {children}
    </Stack>
  );
}

/** The first reading of this gateway: known from the list, or told by the socket while the screen is open. */
function useFirstReading(gateway: Gateway) {
  const [told, setTold] = useState<Gateway['firstReading']>(null);
  useEffect(
    () =>
      appEvents.on('socket_gatewayfirstreading', (payload) => {
        const data = payload as GatewayFirstReadingSocketData;
        if (data.gatewayId === gateway.id) setTold({ sensor: data.sensor, at: data.at });
      }),
    [gateway.id],
  );
  return gateway.firstReading ?? told;
}

interface Props {
  gateway: Gateway;
  connection: GatewayConnection;
  /** Shown once: right after the gateway was added or its secret rotated. */
  secret: string | null;
  onDone: () => void;
}

/**
 * "Connect your gateway": the secret once (copy, QR code), the broker, topic and payload, a mosquitto_pub
 * and a curl command, and a live line that turns from waiting to the first reading by itself.
 */
export function ConnectGateway({ gateway, connection, secret, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const first = useFirstReading(gateway);
  const [now] = useState(() => new Date());
  const payload = examplePayload(40_001, now);
  const qr = secret
    ? JSON.stringify({
        url: connection.mqttUrl,
        username: gateway.username,
        secret,
        topic: connection.topic,
        qos: 1,
      })
    : null;
  return (
    <Card
      withBorder
      component="section"
      aria-label={t('gateways.connect.title')}
      data-testid="connect-gateway"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('gateways.connect.title')}
        </Title>
        <Text size="sm">{t('gateways.connect.intro', { name: gateway.name })}</Text>
        <Copyable label={t('gateways.username')} value={gateway.username} testId="gateway-username" />
        {secret && qr && (
          <Alert color="yellow" variant="light" title={t('gateways.secret.title')}>
            <Stack gap="xs">
              <Text size="sm">{t('gateways.secret.once')}</Text>
              <Copyable label={t('gateways.secret.label')} value={secret} testId="gateway-secret" />
              <Group justify="center" p="xs" bg="white">
                <QRCodeSVG
                  value={qr}
                  size={180}
                  marginSize={2}
                  aria-label={t('gateways.secret.qr')}
                  role="img"
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('gateways.secret.qrHolds')}
              </Text>
            </Stack>
          </Alert>
        )}
        <Copyable
          label={t('gateways.connect.mqttUrl')}
          value={connection.mqttUrl}
          testId="gateway-mqtt-url"
        />
        {connection.mqttsUrl && (
          <Copyable
            label={t('gateways.connect.mqttsUrl')}
            value={connection.mqttsUrl}
            testId="gateway-mqtts-url"
          >
            <Text size="xs" c="dimmed">
              {t('gateways.connect.mqttsHint')}
            </Text>
          </Copyable>
        )}
        {connection.websocketUrl && (
          <Copyable
            label={t('gateways.connect.websocketUrl')}
            value={connection.websocketUrl}
            testId="gateway-websocket-url"
          >
            <Text size="xs" c="dimmed">
              {t('gateways.connect.websocketHint')}
            </Text>
          </Copyable>
        )}
        <Group grow>
          <Copyable label={t('gateways.connect.host')} value={connection.mqttHost} testId="gateway-host" />
          <Copyable
            label={t('gateways.connect.port')}
            value={String(connection.mqttPort)}
            testId="gateway-port"
          />
        </Group>
        <Copyable label={t('gateways.connect.topic')} value={connection.topic} testId="gateway-topic" />
        <Text size="sm">{t('gateways.connect.qos')}</Text>
        <Copyable label={t('gateways.connect.payload')} value={payload} testId="gateway-payload">
          <Text size="xs" c="dimmed">
            {t('gateways.connect.payloadHint')}
          </Text>
        </Copyable>
        <Copyable
          label={t('gateways.connect.mosquitto')}
          value={mosquittoCommand(gateway, connection, payload)}
          testId="gateway-mosquitto"
        >
          <Text size="xs" c="dimmed">
            {t('gateways.connect.secretVariable')}
          </Text>
        </Copyable>
        {connection.mqttsUrl && (
          <Copyable
            label={t('gateways.connect.mosquittoTls')}
            value={mosquittoTlsCommand(gateway, connection.mqttsUrl, connection.topic, payload)}
            testId="gateway-mosquitto-tls"
          >
            <Text size="xs" c="dimmed">
              {t('gateways.connect.tlsCaHint')}
            </Text>
          </Copyable>
        )}
        <Copyable
          label={t('gateways.connect.http')}
          value={curlCommand(gateway, connection, window.location.origin, payload)}
          testId="gateway-curl"
        />
        <Group gap="xs" role="status" aria-live="polite" data-testid="gateway-first-reading">
          {first ? (
            <>
              <CheckIcon size={16} color="var(--mantine-color-green-7)" />
              <Text size="sm" fw={600} c="green.8">
                {t('gateways.connect.firstReading', {
                  sensor: first.sensor,
                  time: formatTime(first.at, bcp47),
                })}
              </Text>
            </>
          ) : (
            <>
              <Loader size="xs" />
              <Text size="sm">{t('gateways.connect.waiting')}</Text>
            </>
          )}
        </Group>
        <Group justify="flex-end">
          <Button onClick={onDone}>{t('gateways.connect.done')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
