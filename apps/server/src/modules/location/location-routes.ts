import { api } from '@cowcare/contract/api';
import type { CowPosition, FarmLocation, HerdPosition } from '@cowcare/contract/routes/location';
import { polygonCentre, TRACK_WINDOW_MS } from '@cowcare/domain/geo-fence';
import type { Config } from '../../config';
import { DEFAULT_MAP_TILES } from '../../config';
import type { Queryable } from '../../db/database';
import { invalidField, notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import {
  cowPositionsSince,
  deletePaddockRow,
  findCowPaddock,
  findCowPenLocation,
  findFarmCow,
  findFarmLocation,
  findFarmPaddock,
  herdPlaces,
  insertPaddock,
  listPenLocations,
  listFarmPaddocks,
  newestCowPosition,
  putCowInPaddock,
  saveFarmLocation,
  savePenLocation,
  type FarmCow,
  type HerdCowRow,
} from './location-repository';

const farmLocation = async (db: Queryable, config: Config, farmId: number): Promise<FarmLocation> => ({
  location: await findFarmLocation(db, farmId),
  pens: await listPenLocations(db, farmId),
  tiles: config.mapTiles ?? DEFAULT_MAP_TILES,
});

const farmCow = async (db: Queryable, farmId: number, cowId: number): Promise<FarmCow> => {
  const cow = await findFarmCow(db, farmId, cowId);
  if (!cow) throw notFound('There is no such cow in this farm');
  return cow;
};

/** Where the herd map puts a cow: her newest GPS fix, else the middle of her paddock, else her pen's point. */
const herdPosition = (row: HerdCowRow): CowPosition | undefined => {
  if (row.gpsLat !== null && row.gpsLon !== null) {
    return { lat: row.gpsLat, lon: row.gpsLon, at: row.gpsAt, source: 'gps' };
  }
  const centre = row.paddockBoundary ? polygonCentre(row.paddockBoundary) : undefined;
  if (centre) return { ...centre, at: null, source: 'paddock' };
  if (row.penLat !== null && row.penLon !== null) {
    return { lat: row.penLat, lon: row.penLon, at: null, source: 'pen' };
  }
  return undefined;
};

export const locationRoutes = ({ db, config }: Services) => [
  bind(api.location.getFarmLocation, async ({ user }) => farmLocation(db, config, user.farmId)),

  bind(api.location.setFarmLocation, async ({ user, body }) => {
    await saveFarmLocation(db, user.farmId, body);
    return farmLocation(db, config, user.farmId);
  }),

  bind(api.location.setPenLocation, async ({ user, params, body }) => {
    if (!(await savePenLocation(db, user.farmId, params.cowTypeId, body))) {
      throw notFound('There is no such cow type (pen) in this farm');
    }
    return { cowTypeId: params.cowTypeId, location: { lat: body.lat, lon: body.lon } };
  }),

  bind(api.location.listPaddocks, async ({ user }) => listFarmPaddocks(db, user.farmId)),

  bind(api.location.addPaddock, async ({ user, body }) => {
    const name = body.name.trim();
    if (name === '') throw invalidField('name', 'name must not be blank', 'blank');
    const id = await insertPaddock(db, user.farmId, name, body.boundary);
    const paddock = await findFarmPaddock(db, user.farmId, id);
    if (!paddock) throw notFound('There is no such paddock in this farm');
    return paddock;
  }),

  bind(api.location.deletePaddock, async ({ user, params }) => {
    // Its cows leave it with it (ON DELETE CASCADE on cow_paddocks).
    if (!(await deletePaddockRow(db, user.farmId, params.id))) {
      throw notFound('There is no such paddock in this farm');
    }
    return { id: params.id };
  }),

  bind(api.location.setCowPaddock, async ({ user, params, body }) => {
    const cow = await farmCow(db, user.farmId, params.cowId);
    if (body.paddockId !== null && !(await findFarmPaddock(db, user.farmId, body.paddockId))) {
      throw notFound('There is no such paddock in this farm');
    }
    await putCowInPaddock(db, cow.id, body.paddockId);
    return { cowId: cow.id, paddockId: body.paddockId };
  }),

  bind(api.location.cowLocation, async ({ user, params }) => {
    const cow = await farmCow(db, user.farmId, params.cowId);
    const paddock = (await findCowPaddock(db, user.farmId, cow.id)) ?? null;
    const newest = await newestCowPosition(db, user.farmId, cow.id);
    if (newest) {
      const since = new Date(Date.parse(newest.at) - TRACK_WINDOW_MS);
      const track = await cowPositionsSince(db, user.farmId, cow.id, since);
      return {
        cowId: cow.id,
        code: cow.code,
        position: { ...newest, source: 'gps' as const },
        track,
        paddock,
      };
    }
    const centre = paddock ? polygonCentre(paddock.boundary) : undefined;
    const pen = centre ? undefined : await findCowPenLocation(db, user.farmId, cow.id);
    const position: CowPosition | null = centre
      ? { ...centre, at: null, source: 'paddock' }
      : pen
        ? { ...pen, at: null, source: 'pen' }
        : null;
    return { cowId: cow.id, code: cow.code, position, track: [], paddock };
  }),

  bind(api.location.herdPositions, async ({ user }) =>
    (await herdPlaces(db, user.farmId)).flatMap((row): HerdPosition[] => {
      const position = herdPosition(row);
      return position
        ? [{ cowId: row.cowId, code: row.code, status: row.status, alert: row.alert, position }]
        : [];
    }),
  ),
];
