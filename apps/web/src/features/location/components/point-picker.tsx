import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker } from 'react-leaflet';
import type { LatLonPoint, MapTiles } from '@cowcare/contract/routes/location';
import { isValidLatLon } from '@cowcare/domain/geo-fence';
import { useBcp47 } from '../../../lib/language';
import { FarmMap, toLatLng } from './farm-map';
import { pointText } from './point-label';

interface PointPickerProps {
  tiles: MapTiles;
  initial: LatLonPoint | null;
  saving: boolean;
  onSave: (point: LatLonPoint) => void;
}

const PICK_COLOUR = '#2f9e44';

/** Pick a point: a tap on the map, or the numbers typed (a GPS reading taken at the gate). */
export function PointPicker({ tiles, initial, saving, onSave }: PointPickerProps) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  // Each coordinate as typed: a point exists once both are numbers, never a half-typed one filled with 0.
  const [lat, setLat] = useState<number | string>(initial?.lat ?? '');
  const [lon, setLon] = useState<number | string>(initial?.lon ?? '');
  const picked: LatLonPoint | null = typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;
  const setPicked = (point: LatLonPoint) => {
    setLat(point.lat);
    setLon(point.lon);
  };
  const valid = picked !== null && isValidLatLon(picked.lat, picked.lon);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('location.pickHint')}
      </Text>
      <FarmMap tiles={tiles} centre={initial ?? undefined} onPick={setPicked} label={t('location.mapLabel')}>
        {picked && valid && (
          <CircleMarker
            center={toLatLng(picked)}
            radius={10}
            pathOptions={{ color: PICK_COLOUR, fillColor: PICK_COLOUR, fillOpacity: 0.6 }}
          />
        )}
      </FarmMap>
      <Text data-testid="picked-point" fw={500}>
        {picked && valid
          ? t('location.picked', { point: pointText(picked, bcp47) })
          : t('location.nothingPicked')}
      </Text>
      <Group grow align="flex-end">
        <NumberInput
          label={t('location.latitude')}
          value={lat}
          min={-90}
          max={90}
          decimalScale={6}
          onChange={setLat}
        />
        <NumberInput
          label={t('location.longitude')}
          value={lon}
          min={-180}
          max={180}
          decimalScale={6}
          onChange={setLon}
        />
      </Group>
      <Button disabled={!valid} loading={saving} onClick={() => picked && onSave(picked)}>
        {t('location.save')}
      </Button>
    </Stack>
  );
}
