import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { BigId, Id, IdParam } from '../schemas';

// The farm's cameras (issue 37, spec §3, §7 getusercamera): owners add, edit and delete them; every member
// watches. Credentials go in and never come back out. Video is HLS behind signed, expiring stream tickets.

const tag = 'cameras';

const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

/** What the server pulls from the camera: RTSP (repackaged as is) or HTTP (MJPEG and the like, re-encoded). */
export const CAMERA_PROTOCOLS = ['rtsp', 'http'] as const;
export const CameraProtocolSchema = Type.Union(CAMERA_PROTOCOLS.map((value) => Type.Literal(value)));
export type CameraProtocol = Static<typeof CameraProtocolSchema>;

/** A host name or an IPv4/IPv6 address, as typed on a camera's sticker; no scheme, no path. */
export const CameraHost = Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' });
export const CameraPort = Type.Integer({ minimum: 1, maximum: 65535 });
export const CameraName = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });
/** The path (and query) after host:port, e.g. `/Streaming/Channels/101`; printable characters only. */
export const CameraStreamPath = Type.String({ maxLength: 300, pattern: '^[\\x21-\\x7e]*$' });
const credentialOptions = { maxLength: 128, pattern: '^[^\\x00-\\x1f\\x7f]*$' };
const Credential = Type.String(credentialOptions);

/** Whether someone watches the camera here, and how its last pull went. */
export const CAMERA_STATES = ['idle', 'starting', 'live', 'offline', 'unauthorized'] as const;
export const CameraStateSchema = Type.Union(CAMERA_STATES.map((value) => Type.Literal(value)));
export type CameraState = Static<typeof CameraStateSchema>;

export const CameraStatusSchema = Type.Object({
  state: CameraStateSchema,
  since: Nullable(
    Type.String({ description: 'ISO-8601: when the camera went offline or refused the credentials' }),
  ),
});
export type CameraStatus = Static<typeof CameraStatusSchema>;

export const CameraSchema = Type.Object({
  id: Id,
  name: Type.String(),
  displayName: Type.String({ description: 'the name with the channel of spec §9: (port − 40001) / 5 + 1' }),
  ip: Type.String(),
  port: CameraPort,
  protocol: CameraProtocolSchema,
  streamPath: Type.String(),
  hasCredentials: Type.Boolean({ description: 'a username or password is stored; they are never sent back' }),
  cowIds: Type.Array(Id, { description: 'cows this camera shows (the cow page opens it)' }),
  cowTypeId: Nullable(Id),
  status: CameraStatusSchema,
  createdAt: Type.String(),
});
export type Camera = Static<typeof CameraSchema>;

/** Most cows one camera is linked to by name (a pen is linked as its cow type instead). */
export const MAX_CAMERA_COWS = 500;

const CameraLinks = {
  cowIds: Type.Optional(Type.Array(Id, { maxItems: MAX_CAMERA_COWS, uniqueItems: true })),
  cowTypeId: Type.Optional(Nullable(Id)),
};

export const CameraInputSchema = Type.Object(
  {
    name: CameraName,
    ip: CameraHost,
    port: CameraPort,
    protocol: Type.Optional(CameraProtocolSchema),
    streamPath: Type.Optional(CameraStreamPath),
    username: Type.Optional(Credential),
    password: Type.Optional(Credential),
    ...CameraLinks,
  },
  { additionalProperties: false },
);
export type CameraInput = Static<typeof CameraInputSchema>;

export const CameraChangesSchema = Type.Object(
  {
    name: Type.Optional(CameraName),
    ip: Type.Optional(CameraHost),
    port: Type.Optional(CameraPort),
    protocol: Type.Optional(CameraProtocolSchema),
    streamPath: Type.Optional(CameraStreamPath),
    username: Type.Optional(
      Nullable(Type.String({ ...credentialOptions, description: 'left out: kept; null: cleared' })),
    ),
    password: Type.Optional(
      Nullable(Type.String({ ...credentialOptions, description: 'left out: kept; null: cleared' })),
    ),
    ...CameraLinks,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CameraChanges = Static<typeof CameraChangesSchema>;

/** How long a stream ticket opens the stream for; the player asks for a new one before it runs out. */
export const STREAM_TICKET_SECONDS = 30 * 60;

export const StreamTicketSchema = Type.Object({
  url: Type.String({ description: 'the HLS playlist, signed; relative segment URLs inherit the signature' }),
  expiresAt: Type.String({ description: 'ISO-8601: the URL is refused after this' }),
  status: CameraStatusSchema,
});
export type StreamTicket = Static<typeof StreamTicketSchema>;

/** One path segment: `<farm>-<c<camera>|demo>-<expires>-<signature>`. */
export const StreamTicketParam = Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_-]+$' });
/** The files of an HLS stream: its playlist and its numbered MPEG-TS segments. */
export const StreamFileParam = Type.String({ maxLength: 40, pattern: '^(index\\.m3u8|seg[0-9]{1,9}\\.ts)$' });

export const listCameras = defineRoute({
  method: 'GET',
  path: 'device/device/getusercamera',
  access: 'user',
  tag,
  summary:
    "The farm's cameras (spec §7), entries lacking an ip or a port dropped, each with its display name " +
    '(spec §9) and whether it streams now; credentials are never part of the answer',
  data: Type.Array(CameraSchema),
});

export const addCamera = defineRoute({
  ownerOnly: true,
  method: 'POST',
  path: 'device/device/addcamera',
  access: 'user',
  tag,
  summary:
    'Add a camera (an IP camera or a channel of a recorder) with its stream path, protocol and credentials ' +
    '(stored encrypted), linked to cows or a pen (cow type) of the farm; 404 for a cow or type of another farm',
  body: CameraInputSchema,
  data: CameraSchema,
});

export const updateCamera = defineRoute({
  ownerOnly: true,
  method: 'PUT',
  path: 'device/device/updatecamera/:id',
  access: 'user',
  tag,
  summary:
    'Change a camera: fields left out are kept; a changed address or credentials restart a running stream. ' +
    '404 for a camera of another farm.',
  params: Type.Object({ id: IdParam }),
  body: CameraChangesSchema,
  data: CameraSchema,
});

export const deleteCamera = defineRoute({
  ownerOnly: true,
  method: 'DELETE',
  path: 'device/device/deletecamera/:id',
  access: 'user',
  tag,
  summary:
    'Delete a camera: its stream stops and its tickets stop working. 404 for a camera of another farm.',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({ id: Id }),
});

export const cowCamera = defineRoute({
  method: 'GET',
  path: 'device/device/cowcamera/:cowId',
  access: 'user',
  tag,
  summary:
    'The camera that shows the cow: one linked to her, else one linked to her pen (cow type); null when none. ' +
    '404 for a cow of another farm.',
  params: Type.Object({ cowId: IdParam }),
  data: Type.Object({ camera: Nullable(CameraSchema) }),
});

export const cameraStream = defineRoute({
  method: 'GET',
  path: 'device/device/camerastream/:id',
  access: 'user',
  tag,
  summary:
    `A signed HLS URL of the camera, good for ${STREAM_TICKET_SECONDS / 60} minutes; the server starts pulling ` +
    'the camera at the first request of it and stops a minute after the last viewer. 404 for another farm.',
  params: Type.Object({ id: IdParam }),
  data: StreamTicketSchema,
});

export const demoStream = defineRoute({
  method: 'GET',
  path: 'device/device/demostream',
  access: 'user',
  tag,
  summary:
    "A signed HLS URL of demo footage rendered from the farm's own herd (cows as labelled shapes moving as " +
    'much as their activity says), through the same pipeline as a camera; shown when the farm has none',
  data: StreamTicketSchema,
});

export const streamFile = defineRoute({
  method: 'GET',
  path: 'device/device/hls/:ticket/:file',
  access: 'public',
  tag,
  summary:
    'A file of a stream (the playlist or a segment), not a JSON envelope. The signed ticket in the path is ' +
    'the authority (a video element sends no bearer token): 403 when forged or expired, 404 for a deleted ' +
    'camera, 503 while the stream starts or its camera is offline.',
  params: Type.Object({ ticket: StreamTicketParam, file: StreamFileParam }),
  data: Type.Null({ description: 'never sent: a success answers the file bytes' }),
});

export const noticeSnapshot = defineRoute({
  method: 'GET',
  path: 'device/device/noticesnapshot/:noticeId',
  access: 'user',
  tag,
  summary:
    "The still from the cow's camera on a notice (its `snapshot`), as image/jpeg, not a JSON envelope; only " +
    "to the notice's farm. 404 while there is none (being taken, or the camera could not give one) and for " +
    "another farm's notice.",
  params: Type.Object({ noticeId: BigId }),
  data: Type.Null({ description: 'never sent: a success answers the JPEG' }),
});

/**
 * What MediaMTX posts to its `authHTTPAddress` before a client reads or publishes a path (its authentication
 * method `http`). Fields it may add later are accepted and ignored.
 */
export const MediaAuthRequestSchema = Type.Object(
  {
    ip: Type.Optional(Type.String({ maxLength: 64 })),
    user: Type.Optional(Type.String({ maxLength: 256 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    token: Type.Optional(Type.String({ maxLength: 4096 })),
    action: Type.String({ maxLength: 32, description: 'read, publish, playback, api, metrics, pprof' }),
    path: Type.Optional(Type.String({ maxLength: 256 })),
    protocol: Type.Optional(Type.String({ maxLength: 32, description: 'rtsp, rtmp, hls, webrtc, srt' })),
    id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    query: Type.Optional(
      Type.String({ maxLength: 4096, description: 'the query of the URL the client asked' }),
    ),
  },
  { additionalProperties: true },
);
export type MediaAuthRequest = Static<typeof MediaAuthRequestSchema>;

export const mediaAuth = defineRoute({
  method: 'POST',
  path: 'device/device/mediaauth',
  access: 'public',
  tag,
  summary:
    "The media server's authentication callback (scale path, docs/cameras.md): 200 when the client reads " +
    "(HLS) a farm camera's path with a live stream ticket of that camera; 403 for anything else, including " +
    'publishing, its API, another path, an expired ticket and a deleted camera.',
  body: MediaAuthRequestSchema,
  data: Type.Object({ allowed: Type.Literal(true) }),
});
