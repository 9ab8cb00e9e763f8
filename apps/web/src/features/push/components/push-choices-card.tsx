import { useState } from 'react';
import { Button, Card, Checkbox, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PushChoicesBody } from '@cowcare/contract/routes/push';
import { NOTICE_GROUPS, noticeCodesOf } from '@cowcare/domain/notice-codes';
import { useNoticeTitle } from '../../../components/notices/notice-row';
import { notify } from '../../../lib/notify';
import { useIsOwner } from '../../../lib/roles';
import { useSavePushChoices } from '../api/push-choices';

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** What the user is woken for: codes by group, quiet hours in this device's time zone, severe ones through them. */
export function PushChoicesCard({ saved }: { saved: PushChoicesBody }) {
  const { t } = useTranslation();
  const noticeTitle = useNoticeTitle();
  // Staff are never pushed the farm's money notices (the server holds to it too), so they are not offered.
  const groups = useIsOwner() ? NOTICE_GROUPS : NOTICE_GROUPS.filter((group) => group !== 'account');
  const save = useSavePushChoices();
  const [codes, setCodes] = useState<number[]>(saved.codes);
  const [quiet, setQuiet] = useState(saved.quietHours !== null);
  const [start, setStart] = useState(saved.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(saved.quietHours?.end ?? '06:00');
  const [severeThrough, setSevereThrough] = useState(saved.severeDuringQuietHours);
  const toggle = (code: number, on: boolean) =>
    setCodes((current) => (on ? [...current, code] : current.filter((chosen) => chosen !== code)));
  const submit = () =>
    save.mutate(
      {
        codes,
        quietHours: quiet ? { start, end } : null,
        severeDuringQuietHours: severeThrough,
        timeZone: browserTimeZone(),
      },
      { onSuccess: () => notify('push.choices.saved', 'success') },
    );
  return (
    <Card withBorder component="section" aria-labelledby="push-choices">
      <Title order={2} size="h4" mb="sm" id="push-choices">
        {t('push.choices.title')}
      </Title>
      <Stack gap="md">
        {groups.map((group) => (
          <Stack key={group} gap={4} role="group" aria-label={t(`notices.group.${group}`)}>
            <Text fw={500} size="sm">
              {t(`notices.group.${group}`)}
            </Text>
            {noticeCodesOf(group).map((code) => (
              <Checkbox
                key={code}
                label={noticeTitle(code)}
                checked={codes.includes(code)}
                onChange={(event) => toggle(code, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        ))}
        <Switch
          label={t('push.choices.quietHours')}
          checked={quiet}
          onChange={(event) => setQuiet(event.currentTarget.checked)}
        />
        {quiet && (
          <>
            <Group grow>
              <TextInput
                type="time"
                label={t('push.choices.from')}
                value={start}
                onChange={(e) => setStart(e.currentTarget.value)}
              />
              <TextInput
                type="time"
                label={t('push.choices.to')}
                value={end}
                onChange={(e) => setEnd(e.currentTarget.value)}
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('push.choices.timeZone', { zone: browserTimeZone() })}
            </Text>
            <Switch
              label={t('push.choices.severeThrough')}
              checked={severeThrough}
              onChange={(event) => setSevereThrough(event.currentTarget.checked)}
            />
          </>
        )}
        <Button loading={save.isPending} onClick={submit} disabled={quiet && (start === '' || end === '')}>
          {t('push.choices.save')}
        </Button>
      </Stack>
    </Card>
  );
}
