import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CowCard } from '@cowcare/contract/chat-schemas';
import { CowStatusBadge } from '../../../components/cows/status-badge';
import { CowIcon } from '../../../components/icons';
import { paths, withQuery } from '../../../config/paths';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { useUser } from '../../../lib/session';

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A cow card in a conversation: the values the server read when it was sent, with their time. A reader of the
 * sender's farm may open her page; anyone else sees only this snapshot (decision 0019).
 */
export function CowCardView({ card }: { card: CowCard }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const sameFarm = useUser()?.FarmNumber === card.farmNumber;
  const number = (value: number | null, digits: number, unit = '') =>
    value === null ? '—' : `${formatDecimal(value, digits, bcp47)}${unit}`;
  const drink =
    card.sensorKind === 'neck'
      ? t('herd.reading.drinkNotMeasured')
      : card.drink === null
        ? '—'
        : t('herd.reading.drinkCount', { count: card.drink });
  const days =
    card.daysInMilk !== null
      ? { label: t('chat.card.daysInMilk'), value: card.daysInMilk }
      : card.daysSinceInsemination !== null
        ? { label: t('chat.card.daysSinceInsemination'), value: card.daysSinceInsemination }
        : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      bg="var(--mantine-color-body)"
      miw={200}
      role="group"
      aria-label={t('chat.card.label', { code: card.code })}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <CowIcon size={18} />
          <Text fw={700}>{card.code}</Text>
          <CowStatusBadge status={card.status} size="sm" />
        </Group>
        {/* Side by side while they fit, the next on its own line when a language's labels are long. */}
        <Group gap="md" align="flex-start" style={{ rowGap: 4 }}>
          <Value label={t('chat.card.temperature')}>{number(card.temperature, 1, ' °C')}</Value>
          <Value label={t('chat.card.activity')}>{number(card.activity, 1)}</Value>
          <Value label={t('chat.card.drink')}>{drink}</Value>
        </Group>
        {days && (
          <Text size="xs">
            {days.label}: <b>{days.value}</b>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {card.readingAt
            ? t('chat.card.readingAt', { time: formatDateTime(card.readingAt, bcp47) })
            : t('herd.reading.none')}
        </Text>
        {sameFarm && (
          <Anchor component={Link} to={withQuery(paths.index.cow, { id: card.cowId })} size="sm">
            {t('chat.card.open')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
