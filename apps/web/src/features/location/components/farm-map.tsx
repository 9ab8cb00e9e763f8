import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import type { LatLngExpression, LeafletMouseEvent } from 'leaflet';
import { useEffect, type ReactNode } from 'react';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLonPoint, MapTiles } from '@cowcare/contract/routes/location';

/** With nothing to show yet, the whole world: the user zooms to the farm. */
const WORLD: LatLngExpression = [20, 0];

export const toLatLng = (point: LatLonPoint): [number, number] => [point.lat, point.lon];

interface FarmMapProps {
  tiles: MapTiles;
  /** Where the view opens: a point at field zoom, or bounds fitted; nothing, the world. */
  centre?: LatLonPoint | undefined;
  fit?: readonly LatLonPoint[] | undefined;
  onPick?: ((point: LatLonPoint) => void) | undefined;
  label: string;
  children?: ReactNode;
}

function PickHandler({ onPick }: { onPick: (point: LatLonPoint) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPick({ lat: event.latlng.lat, lon: event.latlng.wrap().lng }),
  });
  return null;
}

/** Fits the view to the points once they are known (a query answers after the map is drawn). */
function FitTo({ points }: { points: readonly LatLonPoint[] }) {
  const map = useMap();
  const key = points.map((point) => `${point.lat},${point.lon}`).join(';');
  useEffect(() => {
    if (points.length === 1 && points[0]) map.setView(toLatLng(points[0]), 17);
    if (points.length > 1) {
      map.fitBounds(points.map(toLatLng), { padding: [24, 24], maxZoom: 18 });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit only when the points change
  }, [map, key]);
  return null;
}

/**
 * A map of the farm on the install's tiles (`MAP_TILE_URL`, OpenStreetMap by default, with the attribution
 * the tile source asks for). Leaflet draws into a plain div; the caller adds markers, lines and shapes.
 */
export function FarmMap({ tiles, centre, fit, onPick, label, children }: FarmMapProps) {
  const points = fit && fit.length > 0 ? fit : centre ? [centre] : [];
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="farm-map"
      style={{ height: 'min(60vh, 520px)', minHeight: 280, borderRadius: 8, overflow: 'hidden' }}
    >
      <MapContainer center={WORLD} zoom={2} style={{ height: '100%', width: '100%' }} worldCopyJump>
        <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={tiles.maxZoom} />
        <FitTo points={points} />
        {onPick && <PickHandler onPick={onPick} />}
        {children}
      </MapContainer>
    </Box>
  );
}
