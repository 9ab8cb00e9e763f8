import type { FastifyReply } from 'fastify';
import { notFound } from '../../http/app-error';
import type { Services } from '../../services';
import { isStoredFile, uploadFilePath } from '../uploads/upload-files';
import { sendFile } from '../uploads/upload-routes';
import { findUploadInFarm } from '../uploads/uploads-repository';
import type { PictureOfMessage } from './messages-repository';

/** Answers a picture message's file; the caller has checked who may see it. */
export const sendPictureOf = async (
  services: Services,
  reply: FastifyReply,
  picture: PictureOfMessage,
): Promise<null> => {
  // The upload belongs to the sender's farm; the caller checked the reader's right to the message.
  const upload = await findUploadInFarm(services.db, picture.farmId, picture.uploadId);
  if (!upload) throw notFound('The picture is no longer stored');
  const filePath = uploadFilePath(services.config.dataDir, picture.farmId, upload.storedName);
  if (!(await isStoredFile(filePath))) throw notFound('The picture is no longer stored');
  return sendFile(reply, filePath, upload);
};
