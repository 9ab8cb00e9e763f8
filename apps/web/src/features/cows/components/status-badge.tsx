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

/** A cow status, translated from its stored (Korean) value; an unknown value is shown as it is stored. */
export function StatusBadge({ stored, size = 'sm' }: { stored: string; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const status = parseStoredStatus(stored);
  return (
    <Badge color={status ? STATUS_COLORS[status] : 'gray'} variant="light" size={size} radius="sm" tt="none">
      {status ? t(`herd.status.${status}`) : stored}
    </Badge>
  );
}
