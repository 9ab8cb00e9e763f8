import { api } from '@cowcare/contract/api';
import type { Camera, CameraChanges, CameraInput } from '@cowcare/contract/routes/cameras';
import { cameraDisplayName, usableCameras } from '@cowcare/domain/camera';
import type { Queryable } from '../../db/database';
import { forbidden, invalidField, notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import type { CameraService } from './camera-service';
import {
  cowExistsInFarm,
  cowTypeInFarm,
  deleteCameraRow,
  findCowCamera,
  findFarmCamera,
  foreignCowIds,
  insertCamera,
  listFarmCameras,
  replaceCameraCows,
  updateCameraRow,
  type CameraFields,
  type CameraRow,
} from './cameras-repository';
import { findTakenSnapshot } from './notice-snapshots-repository';
import { isStoredFile, uploadFilePath } from '../uploads/upload-files';
import { sendFile } from '../uploads/upload-routes';

const present = async (row: CameraRow, cameras: CameraService): Promise<Camera> => ({
  id: row.id,
  name: row.name,
  displayName: cameraDisplayName(row.name, row.port),
  ip: row.ip,
  port: row.port,
  protocol: row.protocol,
  streamPath: row.streamPath,
  hasCredentials: row.credentials !== null,
  cowIds: row.cowIds.map(Number),
  cowTypeId: row.cowTypeId,
  status: await cameras.cameraStatus(row),
  createdAt: row.createdAt,
});

/** A link to a cow or a pen of another farm is refused as not found: it says nothing about that farm. */
const checkLinks = async (
  db: Queryable,
  farmId: number,
  links: { cowIds?: number[] | undefined; cowTypeId?: number | null | undefined },
): Promise<void> => {
  const foreign = await foreignCowIds(db, farmId, links.cowIds ?? []);
  if (foreign.length > 0) throw notFound(`No cow of this farm has the id ${foreign.join(', ')}`);
  if (
    links.cowTypeId !== undefined &&
    links.cowTypeId !== null &&
    !(await cowTypeInFarm(db, farmId, links.cowTypeId))
  ) {
    throw notFound('There is no such cow type (pen) in this farm');
  }
};

const fieldsOfInput = (body: CameraInput, cameras: CameraService): CameraFields => ({
  name: body.name.trim(),
  ip: body.ip,
  port: body.port,
  protocol: body.protocol ?? 'rtsp',
  streamPath: body.streamPath ?? '',
  credentials: cameras.secrets.seal({ username: body.username ?? null, password: body.password ?? null }),
  cowTypeId: body.cowTypeId ?? null,
});

/** Fields left out are kept; credentials left out are kept sealed as they are, never opened needlessly. */
const fieldsOfChanges = (row: CameraRow, body: CameraChanges, cameras: CameraService): CameraFields => {
  let credentials = row.credentials;
  if (body.username !== undefined || body.password !== undefined) {
    const current = cameras.secrets.open(row.credentials) ?? { username: null, password: null };
    credentials = cameras.secrets.seal({
      username: body.username === undefined ? current.username : body.username,
      password: body.password === undefined ? current.password : body.password,
    });
  }
  return {
    name: body.name?.trim() ?? row.name,
    ip: body.ip ?? row.ip,
    port: body.port ?? row.port,
    protocol: body.protocol ?? row.protocol,
    streamPath: body.streamPath ?? row.streamPath,
    credentials,
    cowTypeId: body.cowTypeId === undefined ? row.cowTypeId : body.cowTypeId,
  };
};

const reread = async (db: Queryable, farmId: number, cameraId: number): Promise<CameraRow> => {
  const row = await findFarmCamera(db, farmId, cameraId);
  if (!row) throw notFound('There is no such camera in this farm');
  return row;
};

export const cameraRoutes = ({ db, cameras, config }: Services) => [
  bind(api.cameras.listCameras, async ({ user }) => {
    const rows = await listFarmCameras(db, user.farmId);
    // spec §3: an entry lacking its ip or port is dropped (rows are validated on the way in; this keeps the
    // list honest about any that came another way)
    const usable = new Set(usableCameras(rows).map((camera) => `${camera.ip}:${camera.port}`));
    return Promise.all(
      rows.filter((row) => usable.has(`${row.ip.trim()}:${row.port}`)).map((row) => present(row, cameras)),
    );
  }),

  bind(api.cameras.addCamera, async ({ user, body }) => {
    if (body.name.trim() === '') throw invalidField('name', 'name must not be blank', 'blank');
    await checkLinks(db, user.farmId, body);
    const id = await db.transaction(async (tx) => {
      const cameraId = await insertCamera(tx, user.farmId, fieldsOfInput(body, cameras));
      await replaceCameraCows(tx, cameraId, body.cowIds ?? []);
      return cameraId;
    });
    return present(await reread(db, user.farmId, id), cameras);
  }),

  bind(api.cameras.updateCamera, async ({ user, params, body }) => {
    const row = await reread(db, user.farmId, params.id);
    await checkLinks(db, user.farmId, body);
    await db.transaction(async (tx) => {
      await updateCameraRow(tx, row.id, fieldsOfChanges(row, body, cameras));
      if (body.cowIds !== undefined) await replaceCameraCows(tx, row.id, body.cowIds);
    });
    const pulled = ['ip', 'port', 'protocol', 'streamPath', 'username', 'password'] as const;
    if (pulled.some((field) => body[field] !== undefined)) await cameras.restart(user.farmId, row.id);
    return present(await reread(db, user.farmId, row.id), cameras);
  }),

  bind(api.cameras.deleteCamera, async ({ user, params }) => {
    if (!(await deleteCameraRow(db, user.farmId, params.id))) {
      throw notFound('There is no such camera in this farm');
    }
    await cameras.restart(user.farmId, params.id);
    return { id: params.id };
  }),

  bind(api.cameras.cowCamera, async ({ user, params }) => {
    if (!(await cowExistsInFarm(db, user.farmId, params.cowId))) {
      throw notFound('There is no such cow in this farm');
    }
    const row = await findCowCamera(db, user.farmId, params.cowId);
    return { camera: row ? await present(row, cameras) : null };
  }),

  bind(api.cameras.cameraStream, async ({ user, params }) =>
    cameras.cameraTicket(await reread(db, user.farmId, params.id)),
  ),

  bind(api.cameras.demoStream, async ({ user }) => cameras.ticket(user.farmId, { kind: 'demo' })),

  bind(api.cameras.streamFile, async ({ params, reply }) =>
    cameras.serveFile(params.ticket, params.file, reply),
  ),

  bind(api.cameras.mediaAuth, async ({ body }) => {
    if (!cameras.mediaServer) throw notFound('No media server is configured');
    if (!(await cameras.allowsMediaRead(body))) throw forbidden('Not allowed to read this stream');
    return { allowed: true as const };
  }),

  bind(api.cameras.noticeSnapshot, async ({ user, params, reply }) => {
    const none = () => notFound('This notice has no picture from a camera');
    const snapshot = await findTakenSnapshot(db, user.farmId, params.noticeId);
    if (!snapshot) throw none();
    const filePath = uploadFilePath(config.dataDir, user.farmId, snapshot.storedName);
    if (!(await isStoredFile(filePath))) throw none();
    return sendFile(reply, filePath, {
      id: params.noticeId,
      farmId: user.farmId,
      storedName: snapshot.storedName,
      originalName: `notice-${params.noticeId}.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes: snapshot.sizeBytes,
    });
  }),
];
