import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Polygon, Polyline, Tooltip } from 'react-leaflet';
import type { LatLonPoint, MapTiles, Paddock } from '@cowcare/contract/routes/location';
import { MAX_PADDOCK_CORNERS, MIN_PADDOCK_CORNERS } from '@cowcare/domain/geo-fence';
import { TrashIcon } from '../../../components/icons';
import { FarmMap, toLatLng } from './farm-map';

interface PaddockDrawerProps {
  tiles: MapTiles;
  farm: LatLonPoint | null;
  paddocks: readonly Paddock[];
  saving: boolean;
  onSave: (name: string, boundary: LatLonPoint[]) => Promise<unknown>;
  onDelete: (paddock: Paddock) => void;
}

const DRAW_COLOUR = '#e8590c';
const PADDOCK_COLOUR = '#1971c2';

/** Draw a paddock corner by corner, tapping along its fence; the last corner joins the first. */
export function PaddockDrawer({ tiles, farm, paddocks, saving, onSave, onDelete }: PaddockDrawerProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [corners, setCorners] = useState<LatLonPoint[]>([]);
  const addCorner = (point: LatLonPoint) =>
    setCorners((current) => (current.length >= MAX_PADDOCK_CORNERS ? current : [...current, point]));
  const fit = paddocks.flatMap((paddock) => paddock.boundary);
  const canSave = corners.length >= MIN_PADDOCK_CORNERS && name.trim() !== '';
  const save = async () => {
    await onSave(name.trim(), corners);
    setCorners([]);
    setName('');
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('location.drawHint')}
      </Text>
      <FarmMap
        tiles={tiles}
        centre={farm ?? undefined}
        fit={fit.length > 0 ? fit : undefined}
        onPick={addCorner}
        label={t('location.mapLabel')}
      >
        {paddocks.map((paddock) => (
          <Polygon
            key={paddock.id}
            positions={paddock.boundary.map(toLatLng)}
            pathOptions={{ color: PADDOCK_COLOUR, fillOpacity: 0.15 }}
          >
            <Tooltip>{paddock.name}</Tooltip>
          </Polygon>
        ))}
        {corners.length > 0 && (
          <Polyline
            positions={[...corners, ...(corners.length >= MIN_PADDOCK_CORNERS ? [corners[0]!] : [])].map(
              toLatLng,
            )}
            pathOptions={{ color: DRAW_COLOUR, dashArray: '6 6' }}
          />
        )}
        {corners.map((corner, index) => (
          <CircleMarker
            key={`${corner.lat},${corner.lon},${index}`}
            center={toLatLng(corner)}
            radius={5}
            pathOptions={{ color: DRAW_COLOUR, fillOpacity: 1 }}
          />
        ))}
      </FarmMap>
      <Text data-testid="paddock-corners">{t('location.corners', { count: corners.length })}</Text>
      <TextInput
        label={t('location.paddockName')}
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Group grow>
        <Button
          variant="default"
          disabled={corners.length === 0}
          onClick={() => setCorners(corners.slice(0, -1))}
        >
          {t('location.undoCorner')}
        </Button>
        <Button disabled={!canSave} loading={saving} onClick={() => void save()}>
          {t('location.savePaddock')}
        </Button>
      </Group>
      {paddocks.length > 0 && (
        <Stack
          gap={4}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('location.paddocks')}
        >
          {paddocks.map((paddock) => (
            <Group key={paddock.id} component="li" justify="space-between" wrap="nowrap">
              <Text>
                {paddock.name} · {t('location.cowsIn', { count: paddock.cowIds.length })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('location.deletePaddock', { name: paddock.name })}
                onClick={() => onDelete(paddock)}
              >
                <TrashIcon size={18} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
