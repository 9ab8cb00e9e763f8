import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import {
  CameraIcon,
  MapPinIcon,
  EditIcon,
  FamilyIcon,
  HeartPulseIcon,
  HistoryIcon,
  PlusIcon,
  TagIcon,
} from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths, withQuery } from '../../../config/paths';
import { formatDate, formatDecimal, formatRelative, localDateTimeInputValue } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { useIsDesktop } from '../../../lib/layout';
import { useUser } from '../../../lib/session';
import { useCow } from '../../../lib/api/get-cow';
import { useHeatStates } from '../api/use-heat-states';
import { CowAlerts } from '../components/cow-alerts';
import { HeatBadge } from '../components/heat-badge';
import { CowMissing } from '../components/cow-missing';
import { EditCowModal } from '../components/edit-cow-modal';
import { ForceChange } from '../components/force-change';
import { ActivityReading, DrinkReading, FeverReading, SensorReading } from '../components/readings';
import { ReproductionDates } from '../components/reproduction-dates';
import { SensorDayCharts } from '../../../components/charts/sensor-day-charts';
import { StatusBadge } from '../../../components/cows/status-badge';
import { toCowRow } from '../../../lib/cow-rows';
import { useCowIdParam } from '../lib/use-cow-id';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A reading in the user's language ('39,17 °C' in Portuguese), or a dash when there is none. */
const reading = (value: number | null, digits: number, bcp47: string, unit = '') =>
  value === null ? '—' : `${formatDecimal(value, digits, bcp47)}${unit}`;

/** Two buttons share a phone's width: a long label (pt, vi) wraps onto a second line instead of being cut. */
const WRAPPING_LABEL = { h: 'auto', mih: 36, py: 6, styles: { label: { whiteSpace: 'normal' } } } as const;

/** What another feature adds to the cow's actions (the chat's "Share in chat"), composed in src/app. */
export type RenderCowActions = (cow: Cow, buttonProps: typeof ACTION_BUTTON) => ReactNode;

// A phone gives another feature's action the row's full width: its words ("Compartilhar no chat",
// "Поделиться в чате") are longer than a half row of a 320 px phone holds beside an icon.
const ACTION_BUTTON = { ...WRAPPING_LABEL, variant: 'light', className: 'cow-action-extra' } as const;

function CowDetail({ cow, renderActions }: { cow: Cow; renderActions?: RenderCowActions }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const row = toCowRow(cow);
  const user = useUser();
  const heat = useHeatStates(
    user,
    useMemo(() => [cow], [cow]),
  ).get(cow.id);
  const [editing, setEditing] = useState(false);
  const desktop = useIsDesktop();
  // A culled cow takes no change (the server answers 409): nothing to offer.
  const editor = isCulledStoredValue(cow.status) ? null : user;
  const link = (path: (typeof paths.index)[keyof typeof paths.index], extra: Record<string, string> = {}) =>
    withQuery(path, { id: cow.id, ...extra });
  const now = (
    <Section id="cow-now" title={t('herd.cow.current')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('herd.sort.fever')}
          </Text>
          <FeverReading deviation={row.fever} level={row.feverLevel} size="sm" />
          <Text size="xs" c="dimmed">
            {t('herd.cow.temperatureLine', {
              current: reading(cow.temp_current, 2, bcp47, ' °C'),
              average: reading(cow.temp_avg, 2, bcp47, ' °C'),
              offset: reading(cow.tempadd ?? DEFAULT_TEMPERATURE_OFFSET_CELSIUS, 2, bcp47, ' °C'),
            })}
          </Text>
          {row.kind === 'pill' && (
            <Text size="xs" c="dimmed">
              {t('herd.cow.temperatureBolus')}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('herd.sort.activity')}
          </Text>
          <ActivityReading deviation={row.activity} level={row.activityLevel} size="sm" />
          <Text size="xs" c="dimmed">
            {t('herd.cow.activityLine', {
              current: reading(cow.activity_current, 1, bcp47),
              average: reading(cow.activity_avg, 1, bcp47),
            })}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('herd.sort.drink')}
          </Text>
          <DrinkReading value={cow.drink_current} kind={row.kind} size="sm" />
          {row.kind !== 'neck' && (
            <Text size="xs" c="dimmed">
              {t('herd.cow.drinkLine', { average: reading(cow.drink, 1, bcp47) })}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Section>
  );
  const alerts = (
    <Section id="cow-alerts" title={t('herd.cow.alerts')}>
      <CowAlerts cow={cow} />
    </Section>
  );
  const dates = (
    <Section id="cow-dates" title={t('herd.dates.title')}>
      <ReproductionDates cow={cow} />
    </Section>
  );
  const charts = (
    <Section id="cow-charts" title={t('charts.title')}>
      {cow.sensor === null ? (
        <Alert color="gray" variant="light" title={t('charts.noSensor', { code: cow.code })}>
          {t('charts.noSensorBody')}
        </Alert>
      ) : (
        <SensorDayCharts sensor={cow.sensor} city={cow.city} country={cow.country} />
      )}
    </Section>
  );
  const force = (
    <Section id="cow-force" title={t('herd.force.title')}>
      <ForceChange cow={cow} />
    </Section>
  );
  return (
    <Stack gap="md">
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h2">
                {cow.code}
              </Title>
              <StatusBadge stored={cow.status} size="md" />
              <HeatBadge state={heat} size="md" />
            </Group>
            <Group gap={4} c="dimmed">
              <TagIcon size={14} />
              <Text size="sm">{cow.typename ?? t('herd.types.uncategorized')}</Text>
            </Group>
          </Stack>
          <SensorReading kind={row.kind} online={cow.sensorzt === 1} sensor={cow.sensor} size="sm" />
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} mt="md" spacing="sm">
          <Field label={t('herd.cow.sex')}>{t(`herd.cow.sex.${cow.sex}`)}</Field>
          <Field label={t('herd.cow.birthday')}>
            {cow.birthday ? formatDate(cow.birthday, bcp47) : '—'}
            {cow.mage !== null && (
              <Text span size="xs" c="dimmed">
                {' '}
                ({t('herd.cow.ageMonths', { count: cow.mage })})
              </Text>
            )}
          </Field>
          <Field label={t('herd.cow.parity')}>{cow.parity}</Field>
          <Field label={t('herd.cow.dam')}>
            {cow.damId ? (
              <Anchor component={Link} to={withQuery(paths.index.cow, { id: cow.damId })} size="sm">
                {t('herd.cow.openDam')}
              </Anchor>
            ) : (
              '—'
            )}
          </Field>
          <Field label={t('herd.cow.sire')}>{cow.sireCode ?? '—'}</Field>
          <Field label={t('herd.cow.lastReading')}>
            {cow.lastReadingAt ? formatRelative(cow.lastReadingAt, t, bcp47) : t('herd.reading.none')}
          </Field>
        </SimpleGrid>
        {editor && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="light"
              size="xs"
              leftSection={<EditIcon size={14} />}
              onClick={() => setEditing(true)}
            >
              {t('herd.edit.open')}
            </Button>
          </Group>
        )}
      </Card>
      {editor && <EditCowModal cow={cow} user={editor} opened={editing} onClose={() => setEditing(false)} />}

      <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs">
        <Button
          component={Link}
          to={link(paths.index.hsty)}
          {...WRAPPING_LABEL}
          variant="light"
          leftSection={<HistoryIcon size={16} />}
        >
          {t('herd.cow.history')}
        </Button>
        <Button
          component={Link}
          to={link(paths.index.cowsfml)}
          {...WRAPPING_LABEL}
          variant="light"
          leftSection={<FamilyIcon size={16} />}
        >
          {t('herd.cow.family')}
        </Button>
        <Button
          component={Link}
          to={link(paths.index.addhsty)}
          {...WRAPPING_LABEL}
          variant="light"
          leftSection={<PlusIcon size={16} />}
        >
          {t('herd.cow.addRecord')}
        </Button>
        <Button
          component={Link}
          to={link(paths.index.addhsty, { kind: 'health' })}
          {...WRAPPING_LABEL}
          variant="light"
          leftSection={<HeartPulseIcon size={16} />}
        >
          {t('herd.cow.addHealth')}
        </Button>
        <Button
          component={Link}
          to={withQuery(paths.index.cowcamera, { id: cow.id })}
          {...WRAPPING_LABEL}
          variant="light"
          leftSection={<CameraIcon size={16} />}
        >
          {t('herd.cow.camera')}
        </Button>
        <Button
          component={Link}
          to={withQuery(paths.system.openLocation, { cow: cow.id })}
          {...WRAPPING_LABEL}
          variant="light"
          leftSection={<MapPinIcon size={16} />}
        >
          {t('herd.cow.location')}
        </Button>
        {renderActions?.(cow, ACTION_BUTTON)}
        {heat && (
          <Button
            component={Link}
            to={link(paths.index.addhsty, {
              kind: 'estrus',
              at: localDateTimeInputValue(new Date(heat.onset)),
            })}
            {...WRAPPING_LABEL}
            variant="filled"
            color="pink"
            leftSection={<PlusIcon size={16} />}
          >
            {t('herd.heat.record')}
          </Button>
        )}
        {heat?.phase === 'inseminate' && (
          <Button
            component={Link}
            to={link(paths.index.addhsty, { kind: 'fertilization' })}
            {...WRAPPING_LABEL}
            variant="filled"
            color="red"
            leftSection={<PlusIcon size={16} />}
          >
            {t('herd.heat.recordInsemination')}
          </Button>
        )}
      </SimpleGrid>

      {desktop ? (
        // The desktop puts the readings, alerts and dates beside the charts and the status changes.
        <SimpleGrid cols={2} spacing="md" style={{ alignItems: 'start' }}>
          <Stack gap="md">
            {now}
            {alerts}
            {dates}
          </Stack>
          <Stack gap="md">
            {charts}
            {force}
          </Stack>
        </SimpleGrid>
      ) : (
        <>
          {now}
          {alerts}
          {charts}
          {dates}
          {force}
        </>
      )}
    </Stack>
  );
}

function CowById({ id, renderActions }: { id: number; renderActions?: RenderCowActions }) {
  const cow = useCow(id);
  if (cow.isPending) return <PageLoader />;
  if (cow.isError) return <CowMissing error={cow.error} onRetry={() => void cow.refetch()} />;
  return <CowDetail cow={cow.data} renderActions={renderActions} />;
}

/** One cow (`/pages/index/cow?id=`): identity, current values, reproduction dates and force changes. */

export function CowRoute({ renderActions }: { renderActions?: RenderCowActions }) {
  const { t } = useTranslation();
  const id = useCowIdParam();
  return (
    <Page title={t('pages.cow')} back backTo={paths.home} wide>
      {id === null ? <CowMissing /> : <CowById id={id} renderActions={renderActions} />}
    </Page>
  );
}
