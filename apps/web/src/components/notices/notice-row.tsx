import type { ReactNode } from 'react';
import { Badge, Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@cowcare/contract/routes/notices';
import { noticeGroupOfCode } from '@cowcare/domain/notice-codes';
import { sensorKind } from '@cowcare/domain/sensor';
import { formatRelative } from '../../lib/format';
import { currentLanguage, isMessageKey, LANGUAGES } from '../../lib/i18n';
import type { RowControl } from '../../lib/row-focus';
import { NOTICE_GROUP_COLORS } from './notice-colors';
import { noticeDetail } from './notice-details';
import { NoticeSnapshotView } from './notice-snapshot';

/** The code's name in the user's language ('Severe fever'), or the bare code when it is unknown. */
export function useNoticeTitle() {
  const { t } = useTranslation();
  return (code: number) => {
    const key = `notices.code.${code}`;
    return isMessageKey(key) ? t(key) : t('notices.unknownCode', { code });
  };
}

/**
 * One notice: what, which cow and sensor, the values that raised it, how long ago; unread ones are marked.
 * Tap to open it. An `action` (a 703's "put on a cow") sits under it, outside the tappable row, so a
 * button is never inside a button.
 */
export function NoticeRow({
  notice,
  now,
  onOpen,
  rowIndex,
  control,
  action,
}: {
  notice: Notice;
  now: number;
  onOpen: (notice: Notice) => void;
  /** In a list moved through by the arrow keys (`useRowFocus`): the row's place and its Tab order. */
  rowIndex?: number;
  control?: RowControl;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const title = useNoticeTitle();
  const group = noticeGroupOfCode(notice.noticecode);
  const unread = notice.readed === 0;
  const detail = noticeDetail(notice, t, bcp47);
  const border = '1px solid var(--mantine-color-gray-2)';
  const background = unread ? 'var(--mantine-color-green-0)' : undefined;
  const row = (
    <UnstyledButton
      onClick={() => onOpen(notice)}
      data-testid="notice-row"
      data-notice-id={notice.id}
      data-unread={unread ? 'true' : 'false'}
      data-row-index={rowIndex}
      {...control}
      p="sm"
      style={{
        display: 'block',
        width: '100%',
        borderBottom: action ? undefined : border,
        background,
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            {unread && (
              <span
                aria-hidden
                style={{
                  width: 8,
                  height: 8,
                  borderRadius: 4,
                  background: 'var(--mantine-color-red-6)',
                  flex: 'none',
                }}
              />
            )}
            {/* The row is named by all it shows (WCAG 2.5.3): what a user reads is what a voice command says. */}
            {unread && <VisuallyHidden>{`${t('notices.unread')}: `}</VisuallyHidden>}
            <Text size="sm" fw={unread ? 700 : 500}>
              {title(notice.noticecode)}
            </Text>
          </Group>
          <Group gap={6}>
            {group && (
              <Badge size="xs" variant="light" color={NOTICE_GROUP_COLORS[group]}>
                {t(`notices.group.${group}`)}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {notice.code ?? t('notices.farmWide')}
              {notice.sensor !== null &&
                ` · ${t(`herd.sensor.${sensorKind(notice.sensor)}`)} ${notice.sensor}`}
            </Text>
          </Group>
          {detail && (
            <Text size="xs" data-testid="notice-detail">
              {detail}
            </Text>
          )}
          {notice.snapshot && <NoticeSnapshotView notice={notice} snapshot={notice.snapshot} />}
        </Stack>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="notice-time">
          {formatRelative(notice.time, t, bcp47, now)}
        </Text>
      </Group>
    </UnstyledButton>
  );
  if (!action) return row;
  return (
    <Box
      style={{ borderBottom: border, background }}
      data-testid="notice-with-action"
      data-notice-id={notice.id}
    >
      {row}
      <Group px="sm" pb="sm" gap="xs">
        {action}
      </Group>
    </Box>
  );
}
