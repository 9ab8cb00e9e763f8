import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Polygon, Polyline, Tooltip } from 'react-leaflet';
import type { CowLocation, MapTiles, Paddock } from '@cowcare/contract/routes/location';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { FarmMap, toLatLng } from './farm-map';

const TRACK_COLOUR = '#7048e8';
const COW_COLOUR = '#e8590c';
const PADDOCK_COLOUR = '#1971c2';

interface CowMapProps {
  tiles: MapTiles;
  location: CowLocation;
  paddocks: readonly Paddock[];
  changingPaddock: boolean;
  onPaddock: (paddockId: number | null) => void;
}

/** Where the position came from, and when: a GPS fix has its time; a pen or paddock is where she was put. */
function PositionLine({ location }: { location: CowLocation }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const { position } = location;
  if (!position) return <Text>{t('location.noPosition')}</Text>;
  if (position.at) {
    return (
      <Text data-testid="position-time">
        {t('location.gpsTakenAt', {
          time: formatDateTime(position.at, bcp47),
          relative: formatRelative(position.at, t, bcp47),
        })}
      </Text>
    );
  }
  return (
    <Text data-testid="position-time">
      {position.source === 'paddock'
        ? t('location.shownAtPaddock', { name: location.paddock?.name ?? '' })
        : t('location.shownAtPen')}
    </Text>
  );
}

/** One cow: her position, her last day's track (GPS collars) and her paddock, which the user can change. */
export function CowMap({ tiles, location, paddocks, changingPaddock, onPaddock }: CowMapProps) {
  const { t } = useTranslation();
  const { position, track, paddock } = location;
  const fit = [...track, ...(position ? [position] : []), ...(paddock?.boundary ?? [])];
  return (
    <Stack gap="sm">
      <PositionLine location={location} />
      <FarmMap tiles={tiles} fit={fit} label={t('location.cowMapLabel', { code: location.code })}>
        {paddock && (
          <Polygon
            positions={paddock.boundary.map(toLatLng)}
            pathOptions={{ color: PADDOCK_COLOUR, fillOpacity: 0.12 }}
          />
        )}
        {track.length > 1 && (
          <Polyline
            positions={track.map(toLatLng)}
            className="cow-track"
            pathOptions={{ color: TRACK_COLOUR, weight: 3 }}
          />
        )}
        {position && (
          <CircleMarker
            center={toLatLng(position)}
            radius={10}
            className="cow-position"
            pathOptions={{ color: '#fff', weight: 2, fillColor: COW_COLOUR, fillOpacity: 1 }}
          >
            <Tooltip permanent direction="top" offset={[0, -10]}>
              {location.code}
            </Tooltip>
          </CircleMarker>
        )}
      </FarmMap>
      {track.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="track-summary">
          {t('location.trackSummary', { count: track.length })}
        </Text>
      )}
      <Select
        label={t('location.herPaddock')}
        data={[
          { value: '', label: t('location.noPaddock') },
          ...paddocks.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
        ]}
        value={paddock ? String(paddock.id) : ''}
        disabled={changingPaddock}
        allowDeselect={false}
        onChange={(value) => onPaddock(value ? Number(value) : null)}
      />
    </Stack>
  );
}
