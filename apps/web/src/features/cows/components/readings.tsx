import type { ComponentType } from 'react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivityLevel, TemperatureLevel } from '@cowcare/domain/cow-filter';
import type { SensorKind } from '@cowcare/domain/sensor';
import {
  ArrowDownIcon,
  CheckIcon,
  DropletIcon,
  MinusIcon,
  PulseIcon,
  SignalIcon,
  SignalOffIcon,
  ThermometerIcon,
} from '../../../components/icons';
import { ACTIVITY_BAND_COLORS, TEMPERATURE_BAND_COLORS } from '../../../lib/band-colors';
import { formatSignedDecimal } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';

/**
 * The readings of a cow, each with an icon, a number and a word, so a level reads without colour
 * (style: never colour alone). Colours follow the bands: blue low, green normal, yellow-orange-red fever.
 */

const TEMPERATURE_ICONS: Record<TemperatureLevel, ComponentType<{ size?: number }>> = {
  low: ArrowDownIcon,
  normal: CheckIcon,
  slight: ThermometerIcon,
  moderate: ThermometerIcon,
  severe: ThermometerIcon,
};

interface ReadingProps {
  size?: 'xs' | 'sm';
}

export function FeverReading({
  deviation,
  level,
  size = 'xs',
  short = false,
}: ReadingProps & { deviation: number | undefined; level: TemperatureLevel | undefined; short?: boolean }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  if (deviation === undefined || level === undefined) {
    return (
      <Group gap={3} wrap="nowrap" c="dimmed" data-level="none">
        <ThermometerIcon size={14} />
        <Text size={size} span>
          {t('herd.reading.none')}
        </Text>
      </Group>
    );
  }
  const color = TEMPERATURE_BAND_COLORS[level];
  const Icon = TEMPERATURE_ICONS[level];
  return (
    <Group
      gap={3}
      wrap="nowrap"
      c={color}
      data-level={level}
      title={t('herd.reading.feverTitle', { value: formatSignedDecimal(deviation, 2, bcp47) })}
    >
      <Icon size={14} />
      <Text size={size} span fw={level === 'normal' ? 400 : 700}>
        {formatSignedDecimal(deviation, 1, bcp47)}°
      </Text>
      <Text size={size} span>
        {short ? t(`herd.temperatureShort.${level}`) : t(`herd.temperature.${level}`)}
      </Text>
    </Group>
  );
}

export function ActivityReading({
  deviation,
  level,
  size = 'xs',
}: ReadingProps & { deviation: number | undefined; level: ActivityLevel | undefined }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  if (deviation === undefined || level === undefined) {
    return (
      <Group gap={3} wrap="nowrap" c="dimmed" data-level="none">
        <PulseIcon size={14} />
        <Text size={size} span>
          {t('herd.reading.none')}
        </Text>
      </Group>
    );
  }
  const color = ACTIVITY_BAND_COLORS[level];
  return (
    <Group gap={3} wrap="nowrap" c={color} data-level={level}>
      <PulseIcon size={14} />
      <Text size={size} span fw={level === 'normal' ? 400 : 700}>
        {formatSignedDecimal(deviation, 0, bcp47)}%
      </Text>
      <Text size={size} span>
        {t(`herd.activity.${level}`)}
      </Text>
    </Group>
  );
}

/**
 * Drinking events in the last 24 hours. They are seen in a bolus's temperature, so a neck collar has none.
 * `short` (the cow list's fixed-height rows): the count alone, or a dash instead of "Not measured" / "No
 * reading": the words do not fit beside the other readings in every language ("10/сут."), so they stay in its
 * title and label.
 */
export function DrinkReading({
  value,
  kind,
  size = 'xs',
  short = false,
}: ReadingProps & { value: number | null | undefined; kind: SensorKind | undefined; short?: boolean }) {
  const { t } = useTranslation();
  const known = typeof value === 'number';
  const unmeasured = !known && kind === 'neck';
  const words = known
    ? t('herd.reading.drinkCount', { count: value })
    : t(unmeasured ? 'herd.reading.drinkNotMeasured' : 'herd.reading.none');
  return (
    <Group
      gap={3}
      wrap="nowrap"
      c={known ? 'cyan.9' : 'dimmed'}
      title={t(unmeasured ? 'herd.reading.drinkNeckTitle' : 'herd.reading.drinkTitle')}
    >
      <DropletIcon size={14} />
      <Text size={size} span style={{ whiteSpace: 'nowrap' }} aria-label={words}>
        {short ? (known ? String(value) : '—') : words}
      </Text>
    </Group>
  );
}

export function SensorReading({
  kind,
  online,
  sensor,
  size = 'xs',
}: ReadingProps & { kind: SensorKind | undefined; online: boolean; sensor?: number | null }) {
  const { t } = useTranslation();
  if (kind === undefined) {
    return (
      <Group gap={3} wrap="nowrap" c="dimmed">
        <MinusIcon size={14} />
        <Text size={size} span>
          {t('herd.sensor.none')}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={3} wrap="nowrap" c={online ? 'green' : 'red'} style={{ flexShrink: 0 }}>
      {online ? <SignalIcon size={14} /> : <SignalOffIcon size={14} />}
      <Text size={size} span style={{ whiteSpace: 'nowrap' }}>
        {t(`herd.sensor.${kind}`)}
        {sensor ? ` ${sensor}` : ''} · {online ? t('herd.sensor.online') : t('herd.sensor.offline')}
      </Text>
    </Group>
  );
}
