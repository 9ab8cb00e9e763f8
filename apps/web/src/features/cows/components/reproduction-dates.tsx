import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { isCalendarDate } from '@cowcare/domain/calendar-date';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import type { MessageKey } from '@cowcare/locales/catalog';
import { EditIcon } from '../../../components/icons';
import { errorMessageKey } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCowHistory } from '../../../lib/api/get-cow-history';
import { useUpdateCow, type UpdateCowBody } from '../api/update-cow';

/** How many of her latest heats the section lists; the history has them all. */
const HEATS_SHOWN = 5;

/**
 * Her heats (estrus records), newest first, under Reproduction as well as in the history: the heat that
 * matters for the next insemination should not need a trip through the timeline.
 */
function HeatList({ cowId }: { cowId: number }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const history = useCowHistory(cowId);
  const heats = (history.data ?? []).flatMap((item) => (item.kind === 'estrus' ? [item] : []));
  if (history.isPending || history.isError) return null;
  return (
    <Stack gap={4} mt="sm" component="section" aria-label={t('herd.dates.heats')}>
      <Text size="sm" fw={600}>
        {t('herd.dates.heats')}
      </Text>
      {heats.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('herd.dates.noHeats')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {heats.slice(0, HEATS_SHOWN).map((heat) => (
            <Text key={heat.id} component="li" size="sm" data-testid="heat-item">
              {formatDateTime(heat.time, bcp47)}
              {heat.nextExpectedEstrus && (
                <Text span size="xs" c="dimmed">
                  {' · '}
                  {t('herd.dates.heatNext', { date: formatDate(heat.nextExpectedEstrus, bcp47) })}
                </Text>
              )}
              {heat.memo && (
                <Text span size="xs" c="dimmed">
                  {' · '}
                  {heat.memo}
                </Text>
              )}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type EditableDate = 'pregnancyTest' | 'expectedDelivery' | 'expectedEstrus';
const AUTO_FLAG = {
  pregnancyTest: 'pregnancyTestAuto',
  expectedDelivery: 'expectedDeliveryAuto',
  expectedEstrus: 'expectedEstrusAuto',
} as const satisfies Record<EditableDate, keyof Cow>;

const RECORDED: { field: 'lastEstrus' | 'lastFertilization' | 'recentChildbirth'; label: MessageKey }[] = [
  { field: 'lastEstrus', label: 'herd.dates.lastEstrus' },
  { field: 'lastFertilization', label: 'herd.dates.lastFertilization' },
  { field: 'recentChildbirth', label: 'herd.dates.recentChildbirth' },
];
const EXPECTED: { field: EditableDate; label: MessageKey }[] = [
  { field: 'pregnancyTest', label: 'herd.dates.pregnancyTest' },
  { field: 'expectedDelivery', label: 'herd.dates.expectedDelivery' },
  { field: 'expectedEstrus', label: 'herd.dates.expectedEstrus' },
];

function ExpectedDate({ cow, field, label }: { cow: Cow; field: EditableDate; label: MessageKey }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const update = useUpdateCow();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const automatic = cow[AUTO_FLAG[field]];
  const date = cow[field];
  const locked = isCulledStoredValue(cow.status);

  const save = (next: string | null) => {
    setProblem(null);
    const body: UpdateCowBody = { [field]: next };
    update.mutate(
      { id: cow.id, body },
      {
        onSuccess: () => {
          setEditing(false);
          notify(next === null ? 'herd.dates.resetDone' : 'herd.dates.saved', 'success');
        },
        onError: (error) => setProblem(errorMessageKey(error)),
      },
    );
  };

  return (
    <Stack gap={4} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t(label)}
          </Text>
          <Group gap="xs">
            <Text fw={600} data-testid={`date-${field}`}>
              {date ? formatDate(date, bcp47) : t('herd.dates.none')}
            </Text>
            <Badge
              size="xs"
              variant={automatic ? 'light' : 'filled'}
              color={automatic ? 'gray' : 'blue'}
              tt="none"
            >
              {automatic ? t('herd.dates.automatic') : t('herd.dates.manual')}
            </Badge>
          </Group>
        </Stack>
        {!locked && !editing && (
          <ActionIcon
            variant="subtle"
            aria-label={t('herd.dates.edit', { date: t(label) })}
            onClick={() => {
              setValue(date ?? '');
              setProblem(null);
              setEditing(true);
            }}
          >
            <EditIcon size={16} />
          </ActionIcon>
        )}
      </Group>
      {editing && (
        <Stack gap="xs">
          <TextInput
            type="date"
            label={t('herd.dates.setByHand', { date: t(label) })}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={problem && problem === 'herd.dates.invalid' ? t(problem) : undefined}
          />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
            {!automatic && (
              <Button size="xs" variant="light" loading={update.isPending} onClick={() => save(null)}>
                {t('herd.dates.reset')}
              </Button>
            )}
            <Button
              size="xs"
              loading={update.isPending}
              onClick={() => {
                if (!isCalendarDate(value)) {
                  setProblem('herd.dates.invalid');
                  return;
                }
                save(value);
              }}
            >
              {t('herd.dates.save')}
            </Button>
          </Group>
        </Stack>
      )}
      {problem && problem !== 'herd.dates.invalid' && (
        <Alert color="red" variant="light" role="alert">
          {t(problem)}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The reproduction dates of a cow. Expected dates are automatic (computed by the server from the records)
 * or set by hand; a date set here is kept as manual, "reset to automatic" forgets it (sends null).
 */
export function ReproductionDates({ cow }: { cow: Cow }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  return (
    <Stack gap={0}>
      {RECORDED.map(({ field, label }) => (
        <Group
          key={field}
          justify="space-between"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Text size="sm" c="dimmed">
            {t(label)}
          </Text>
          <Text fw={600}>{cow[field] ? formatDate(cow[field], bcp47) : t('herd.dates.none')}</Text>
        </Group>
      ))}
      {EXPECTED.map(({ field, label }) => (
        <ExpectedDate key={field} cow={cow} field={field} label={label} />
      ))}
      {!isCulledStoredValue(cow.status) && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('herd.dates.hint')}
        </Text>
      )}
      <HeatList cowId={cow.id} />
    </Stack>
  );
}
