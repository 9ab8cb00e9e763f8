import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_PADDOCK_CORNERS, MIN_PADDOCK_CORNERS } from '@cowcare/domain/geo-fence';
import { defineRoute } from '../route';
import { Id, IdParam } from '../schemas';

// Where the farm and its cows are (issue 37, spec §2 /choose-location and /open-location): the farm's point,
// its pens' points and its paddocks (polygons, the virtual fence), and each cow's position: her GPS collar's
// newest fix with her track of the last 24 hours, else the pen or paddock she was put in by hand.

const tag = 'location';

const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

export const Latitude = Type.Number({ minimum: -90, maximum: 90, description: 'degrees, WGS 84' });
export const Longitude = Type.Number({ minimum: -180, maximum: 180, description: 'degrees, WGS 84' });

export const LatLonSchema = Type.Object({ lat: Latitude, lon: Longitude }, { additionalProperties: false });
export type LatLonPoint = Static<typeof LatLonSchema>;

export const PaddockName = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });

export const PaddockSchema = Type.Object({
  id: Id,
  name: Type.String(),
  boundary: Type.Array(LatLonSchema, { description: 'corners in drawing order; the last joins the first' }),
  cowIds: Type.Array(Id, { description: 'cows put in this paddock: the fence watches them' }),
});
export type Paddock = Static<typeof PaddockSchema>;

export const PaddockInputSchema = Type.Object(
  {
    name: PaddockName,
    boundary: Type.Array(LatLonSchema, { minItems: MIN_PADDOCK_CORNERS, maxItems: MAX_PADDOCK_CORNERS }),
  },
  { additionalProperties: false },
);
export type PaddockInput = Static<typeof PaddockInputSchema>;

/** Where a cow's shown position comes from: her collar's GPS, or where she was put by hand. */
export const POSITION_SOURCES = ['gps', 'paddock', 'pen'] as const;
export const PositionSourceSchema = Type.Union(POSITION_SOURCES.map((value) => Type.Literal(value)));
export type PositionSource = Static<typeof PositionSourceSchema>;

export const TrackPointSchema = Type.Object({
  lat: Type.Number(),
  lon: Type.Number(),
  at: Type.String({ description: 'ISO-8601, UTC: when the collar took it' }),
});
export type TrackPoint = Static<typeof TrackPointSchema>;

export const CowPositionSchema = Type.Object({
  lat: Type.Number(),
  lon: Type.Number(),
  /** When the collar took it; null for a position put by hand. */
  at: Nullable(Type.String({ description: 'ISO-8601, UTC' })),
  source: PositionSourceSchema,
});
export type CowPosition = Static<typeof CowPositionSchema>;

export const CowLocationSchema = Type.Object({
  cowId: Id,
  code: Type.String(),
  position: Nullable(CowPositionSchema),
  track: Type.Array(TrackPointSchema, {
    description: 'her GPS positions of the last 24 hours, oldest first',
  }),
  paddock: Nullable(PaddockSchema),
});
export type CowLocation = Static<typeof CowLocationSchema>;

export const HerdPositionSchema = Type.Object({
  cowId: Id,
  code: Type.String(),
  status: Type.String({ description: 'her stored status (architecture §7)' }),
  alert: Type.Boolean({ description: 'she has unread notices' }),
  position: CowPositionSchema,
});
export type HerdPosition = Static<typeof HerdPositionSchema>;

export const MapTilesSchema = Type.Object({
  url: Type.String({ description: 'an XYZ tile template: {z}/{x}/{y}, optionally {s}' }),
  attribution: Type.String({ description: 'HTML the map must show, as the tile source asks' }),
  maxZoom: Type.Integer({ minimum: 0, maximum: 24 }),
});
export type MapTiles = Static<typeof MapTilesSchema>;

export const PenLocationSchema = Type.Object({ cowTypeId: Id, location: LatLonSchema });
export type PenLocation = Static<typeof PenLocationSchema>;

export const FarmLocationSchema = Type.Object({
  location: Nullable(LatLonSchema),
  pens: Type.Array(PenLocationSchema, { description: 'the pens (cow types) whose point is set' }),
  tiles: MapTilesSchema,
});
export type FarmLocation = Static<typeof FarmLocationSchema>;

export const getFarmLocation = defineRoute({
  method: 'GET',
  path: 'location/farm',
  access: 'user',
  tag,
  summary: "The farm's point (null until set), its pens' points and the map tiles this install uses",
  data: FarmLocationSchema,
});

export const setFarmLocation = defineRoute({
  ownerOnly: true,
  method: 'PUT',
  path: 'location/farm',
  access: 'user',
  tag,
  summary: "Set the farm's point, picked on the map (settings and setup)",
  body: LatLonSchema,
  data: FarmLocationSchema,
});

export const setPenLocation = defineRoute({
  ownerOnly: true,
  method: 'PUT',
  path: 'location/pen/:cowTypeId',
  access: 'user',
  tag,
  summary:
    "Set a pen's (cow type's) point: where its cows without GPS are shown. 404 for a pen of another farm.",
  params: Type.Object({ cowTypeId: IdParam }),
  body: LatLonSchema,
  data: PenLocationSchema,
});

export const listPaddocks = defineRoute({
  method: 'GET',
  path: 'location/paddocks',
  access: 'user',
  tag,
  summary: "The farm's paddocks with their boundaries and the cows put in each",
  data: Type.Array(PaddockSchema),
});

export const addPaddock = defineRoute({
  ownerOnly: true,
  method: 'POST',
  path: 'location/paddocks',
  access: 'user',
  tag,
  summary: 'Draw a paddock: its name and corners (a virtual fence for the cows put in it)',
  body: PaddockInputSchema,
  data: PaddockSchema,
});

export const deletePaddock = defineRoute({
  ownerOnly: true,
  method: 'DELETE',
  path: 'location/paddocks/:id',
  access: 'user',
  tag,
  summary: 'Delete a paddock; its cows are in no paddock then. 404 for a paddock of another farm.',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({ id: Id }),
});

export const setCowPaddock = defineRoute({
  method: 'PUT',
  path: 'location/cow/:cowId/paddock',
  access: 'user',
  tag,
  summary:
    'Put a cow in a paddock (null: in none). Without GPS she is shown there; with GPS the fence watches ' +
    'her. 404 for a cow or paddock of another farm.',
  params: Type.Object({ cowId: IdParam }),
  body: Type.Object({ paddockId: Nullable(Id) }, { additionalProperties: false }),
  data: Type.Object({ cowId: Id, paddockId: Nullable(Id) }),
});

export const cowLocation = defineRoute({
  method: 'GET',
  path: 'location/cow/:cowId',
  access: 'user',
  tag,
  summary:
    'Where a cow is: her newest GPS position with its time and her track of the last 24 hours, else the ' +
    "middle of her paddock or her pen's point. 404 for a cow of another farm.",
  params: Type.Object({ cowId: IdParam }),
  data: CowLocationSchema,
});

export const herdPositions = defineRoute({
  method: 'GET',
  path: 'location/herd',
  access: 'user',
  tag,
  summary: 'Every active cow that has a position, with her status and whether she has unread notices',
  data: Type.Array(HerdPositionSchema),
});
