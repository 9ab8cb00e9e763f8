import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseStoredStatus, type CowStatus } from '@cowcare/domain/cow-status';

const STATUS_COLORS: Record<CowStatus, string> = {
  culled: 'gray',
  estrusDetection: 'pink',
  fattening: 'yellow',
  waitingForSettings: 'gray',
  pregnancy: 'grape',
  lactation: 'cyan',
  pregnancyConfirm: 'indigo',
};

type BadgeSize = 'xs' | 'sm' | 'md';

/** A cow status by its app key, in the user's language (the herd and the chat's cow cards). */
export function CowStatusBadge({ status, size = 'sm' }: { status: CowStatus; size?: BadgeSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size} radius="sm" tt="none">
      {t(`herd.status.${status}`)}
    </Badge>
  );
}

/** A cow status, translated from its stored (Korean) value; an unknown value is shown as it is stored. */
export function StatusBadge({ stored, size = 'sm' }: { stored: string; size?: BadgeSize }) {
  const status = parseStoredStatus(stored);
  if (status) return <CowStatusBadge status={status} size={size} />;
  return (
    <Badge color="gray" variant="light" size={size} radius="sm" tt="none">
      {stored}
    </Badge>
  );
}
