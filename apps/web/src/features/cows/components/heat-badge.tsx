import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HeatState } from '../../../lib/heat-states';

/** A cow's detected heat that is not over: in heat, or inside her insemination window. */
export function HeatBadge({
  state,
  size = 'sm',
}: {
  state: HeatState | undefined;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Badge
      color={state.phase === 'inseminate' ? 'red' : 'pink'}
      variant={state.phase === 'inseminate' ? 'filled' : 'outline'}
      size={size}
      radius="sm"
      tt="none"
      data-testid="heat-badge"
    >
      {t(`herd.heat.${state.phase}`)}
    </Badge>
  );
}
