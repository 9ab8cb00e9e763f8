import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Polygon, Tooltip } from 'react-leaflet';
import { Link, useNavigate } from 'react-router';
import type { HerdPosition, MapTiles, Paddock } from '@cowcare/contract/routes/location';
import { paths, withQuery } from '../../../config/paths';
import { formatRelative } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { FarmMap, toLatLng } from './farm-map';

/** Red: she has unread notices; blue: a GPS position; grey: placed by hand (pen or paddock). */
export const HERD_COLOURS = { alert: '#e03131', gps: '#1971c2', byHand: '#868e96' } as const;

const PADDOCK_COLOUR = '#1971c2';

export const herdColour = (cow: HerdPosition): string =>
  cow.alert ? HERD_COLOURS.alert : cow.position.source === 'gps' ? HERD_COLOURS.gps : HERD_COLOURS.byHand;

function Legend() {
  const { t } = useTranslation();
  const entries = [
    [HERD_COLOURS.alert, t('location.legendAlert')],
    [HERD_COLOURS.gps, t('location.legendGps')],
    [HERD_COLOURS.byHand, t('location.legendByHand')],
  ] as const;
  return (
    <Group gap="md">
      {entries.map(([colour, label]) => (
        <Group key={label} gap={6} wrap="nowrap">
          <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: colour }} />
          <Text size="sm">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The herd on the map, each cow a dot coloured by her alerts; a dot or a row opens her location. */
interface HerdMapProps {
  tiles: MapTiles;
  herd: readonly HerdPosition[];
  paddocks: readonly Paddock[];
}

export function HerdMap({ tiles, herd, paddocks }: HerdMapProps) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const navigate = useNavigate();
  const openCow = (cowId: number) => withQuery(paths.system.openLocation, { cow: cowId });
  return (
    <Stack gap="sm">
      <FarmMap
        tiles={tiles}
        fit={[...herd.map((cow) => cow.position), ...paddocks.flatMap((paddock) => paddock.boundary)]}
        label={t('location.herdMapLabel')}
      >
        {paddocks.map((paddock) => (
          <Polygon
            key={paddock.id}
            positions={paddock.boundary.map(toLatLng)}
            pathOptions={{ color: PADDOCK_COLOUR, weight: 2, fillOpacity: 0.08 }}
          >
            <Tooltip>{paddock.name}</Tooltip>
          </Polygon>
        ))}
        {herd.map((cow) => (
          <CircleMarker
            key={cow.cowId}
            center={toLatLng(cow.position)}
            radius={8}
            pathOptions={{ color: '#fff', weight: 2, fillColor: herdColour(cow), fillOpacity: 0.95 }}
            eventHandlers={{ click: () => void navigate(openCow(cow.cowId)) }}
          >
            <Tooltip>{cow.code}</Tooltip>
          </CircleMarker>
        ))}
      </FarmMap>
      <Legend />
      <Stack
        component="ul"
        gap={4}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('location.herdList')}
      >
        {herd.map((cow) => (
          <Group key={cow.cowId} component="li" gap="xs" wrap="nowrap" data-testid="herd-position">
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 5, background: herdColour(cow), flex: 'none' }}
            />
            <Anchor component={Link} to={openCow(cow.cowId)}>
              {cow.code}
            </Anchor>
            <Text size="sm" c="dimmed">
              {cow.position.at
                ? t('location.gpsAt', { time: formatRelative(cow.position.at, t, bcp47) })
                : t(cow.position.source === 'paddock' ? 'location.inPaddock' : 'location.inPen')}
              {cow.alert ? ` · ${t('location.hasAlerts')}` : ''}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
