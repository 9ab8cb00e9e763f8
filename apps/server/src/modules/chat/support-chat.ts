import type { ChatMessage } from '@cowcare/contract/chat-schemas';
import type { ServiceConversation } from '@cowcare/contract/routes/admin';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Database, Queryable } from '../../db/database';
import type { EventBus } from '../../realtime/bus';
import { recordAudit } from '../support/audit-log';
import { conflict, notFound } from '../../http/app-error';
import {
  findMessage,
  presentMessage,
  SELECT_MESSAGE,
  type MessageRow,
  type PictureOfMessage,
  type Sent,
} from './messages-repository';

/**
 * Support's side of customer service (spec §1: the farm user against an Administrator). Support reads every
 * farm's service conversation, never a direct or group one; its messages carry the agent's id in the row and
 * show as "Administrator" to the farm.
 */
const SELECT_SERVICE = `
  SELECT c.id AS "conversationId", u.id AS "userId", u.name, f.id AS "farmId", f.farm_number AS "farmNumber",
         f.country, u.language, c.support_unread AS unread,
         CASE lm.kind WHEN 'image' THEN '' WHEN 'cow' THEN 'Cow ' || (lm.cow_card->>'code')
              ELSE COALESCE(lm.content, '') END AS message,
         to_char(c.last_message_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS lasttime,
         la.name AS "answeredBy"
    FROM chat_conversations c
    JOIN users u ON u.id = c.service_user_id
    JOIN farms f ON f.id = u.farm_id
    LEFT JOIN LATERAL (
      SELECT kind, content, cow_card FROM chat_messages WHERE conversation_id = c.id ORDER BY seq DESC LIMIT 1
    ) lm ON true
    LEFT JOIN LATERAL (
      SELECT COALESCE(NULLIF(a.name, ''), a.username) AS name
        FROM chat_messages am JOIN admin_users a ON a.id = am.sender_admin_id
       WHERE am.conversation_id = c.id ORDER BY am.seq DESC LIMIT 1
    ) la ON true
   WHERE c.kind = 'service'`;

export const listServiceInbox = (db: Queryable): Promise<ServiceConversation[]> =>
  db.query<ServiceConversation>(
    `${SELECT_SERVICE} AND c.last_seq > 0
      ORDER BY (c.support_unread > 0) DESC, c.last_message_at DESC NULLS LAST, c.id DESC LIMIT 500`,
  );

/** A customer-service conversation; 404 for a direct or group one, which support never reads. */
export const findServiceConversation = async (
  db: Queryable,
  conversationId: number,
): Promise<ServiceConversation> => {
  const [row] = await db.query<ServiceConversation>(`${SELECT_SERVICE} AND c.id = $1`, [conversationId]);
  if (!row) throw notFound('There is no such customer-service conversation');
  return row;
};

export const markReadBySupport = async (
  db: Queryable,
  conversationId: number,
): Promise<ServiceConversation> => {
  await findServiceConversation(db, conversationId);
  await db.query('UPDATE chat_conversations SET support_unread = 0 WHERE id = $1', [conversationId]);
  return findServiceConversation(db, conversationId);
};

/**
 * A reply from support, stored like a farm user's message (the conversation row locked, the next seq, the
 * client id unique per agent); the farm user's unread count rises, support's goes to 0 (they answered).
 */
export const sendSupportReply = (
  db: Database,
  adminId: number,
  input: { conversationId: number; clientId: string; content: string },
): Promise<Sent> =>
  db.transaction(async (tx) => {
    const conversation = await findServiceConversation(tx, input.conversationId);
    await tx.query('SELECT id FROM chat_conversations WHERE id = $1 FOR UPDATE', [input.conversationId]);
    const [earlier] = await tx.query<MessageRow>(
      `${SELECT_MESSAGE} WHERE m.sender_admin_id = $1 AND m.client_id = $2`,
      [adminId, input.clientId],
    );
    if (earlier) {
      if (earlier.conversationId !== input.conversationId) {
        throw conflict(ERROR_CODES.conflict, 'This client message id was used for another conversation');
      }
      return { message: presentMessage(earlier), duplicate: true, memberIds: [], toSupport: false };
    }
    const [next] = await tx.query<{ seq: number }>(
      `UPDATE chat_conversations SET last_seq = last_seq + 1, last_message_at = now(), support_unread = 0
        WHERE id = $1 RETURNING last_seq AS seq`,
      [input.conversationId],
    );
    if (!next) throw notFound('There is no such customer-service conversation');
    const [inserted] = await tx.query<{ id: number }>(
      `INSERT INTO chat_messages (conversation_id, seq, sender_admin_id, client_id, kind, content)
       VALUES ($1, $2, $3, $4, 'text', $5) RETURNING id`,
      [input.conversationId, next.seq, adminId, input.clientId, input.content],
    );
    if (!inserted) throw new Error('the reply insert returned nothing');
    await tx.query('UPDATE chat_members SET unread_count = unread_count + 1 WHERE conversation_id = $1', [
      input.conversationId,
    ]);
    const message = await findMessage(tx, inserted.id);
    if (!message) throw new Error('the stored reply vanished');
    await recordAudit(tx, {
      adminId,
      action: 'chatReply',
      target: `user ${conversation.userId} (${conversation.name}, farm ${conversation.country}/${conversation.farmNumber})`,
      details: { conversationId: input.conversationId, messageId: message.id, seq: message.seq },
    });
    return { message, duplicate: false, memberIds: [conversation.userId], toSupport: true };
  });

/** Every support console updates its inbox row (and the open conversation) at once, on any instance. */
export const tellSupport = async (
  db: Queryable,
  bus: EventBus,
  conversationId: number,
  message: ChatMessage | null,
): Promise<void> => {
  const conversation = await findServiceConversation(db, conversationId);
  await bus.publishToSupport({ type: 'servicechat', data: { conversation, message } });
};

/** A picture in a customer-service conversation, for support; 404 for one of any other conversation. */
export const findServicePicture = async (db: Queryable, messageId: number): Promise<PictureOfMessage> => {
  const [row] = await db.query<PictureOfMessage>(
    `SELECT up.id AS "uploadId", up.farm_id AS "farmId"
       FROM chat_messages m
       JOIN chat_conversations c ON c.id = m.conversation_id AND c.kind = 'service'
       JOIN uploads up ON up.id = m.upload_id
      WHERE m.id = $1 AND m.kind = 'image'`,
    [messageId],
  );
  if (!row) throw notFound('There is no such picture in a customer-service conversation');
  return row;
};
