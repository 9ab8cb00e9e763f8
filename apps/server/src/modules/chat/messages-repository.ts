import type { ChatMessage, ChatMessageType, ChatPage, CowCard } from '@cowcare/contract/chat-schemas';
import { CHAT_PAGE_SIZE } from '@cowcare/contract/chat-schemas';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { api } from '@cowcare/contract/api';
import { apiPath, fillPath } from '@cowcare/contract/route';
import type { Database, Queryable } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { snapshotCow, type CardSender } from './cow-cards';

/** Where a picture message's image is served to the conversation's members. */
export const picturePath = (messageId: number): string =>
  apiPath({ path: fillPath(api.chat.picture.path, { id: messageId }) });

export interface MessageRow extends Omit<ChatMessage, 'toid' | 'gid' | 'card'> {
  card: CowCard | null;
  kind: 'service' | 'direct' | 'group';
  directKey: string | null;
  serviceUserId: number | null;
}

/** A message's time on the wire: ISO-8601 UTC with milliseconds, so messages of one second keep their order. */
const messageTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const SELECT_MESSAGE = `
  SELECT m.id, m.conversation_id AS "conversationId", m.seq, COALESCE(m.sender_user_id, 0) AS uid,
         CASE WHEN m.sender_admin_id IS NULL THEN 'user' ELSE 'admin' END AS "from",
         m.content, m.kind AS type, m.cow_card AS card, m.client_id AS "clientId",
         ${messageTime('m.created_at')} AS time,
         c.kind, c.direct_key AS "directKey", c.service_user_id AS "serviceUserId"
    FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id`;

/** The counterpart of a message: the other friend, or the user support wrote to; 0 in groups. */
const recipientOf = (row: MessageRow): number => {
  if (row.kind === 'group') return 0;
  if (row.kind === 'service') return row.from === 'admin' ? (row.serviceUserId ?? 0) : 0;
  const [low = 0, high = 0] = (row.directKey ?? '').split(':').map(Number);
  return row.uid === low ? high : low;
};

export const presentMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversationId: row.conversationId,
  seq: row.seq,
  uid: row.uid,
  from: row.from,
  toid: recipientOf(row),
  gid: row.kind === 'group' ? row.conversationId : 0,
  content: row.type === 'image' ? picturePath(row.id) : row.content,
  type: row.type,
  ...(row.card ? { card: row.card } : {}),
  clientId: row.clientId,
  time: row.time,
});

export const findMessage = async (db: Queryable, id: number): Promise<ChatMessage | undefined> => {
  const [row] = await db.query<MessageRow>(`${SELECT_MESSAGE} WHERE m.id = $1`, [id]);
  return row && presentMessage(row);
};

/** A page of a conversation, newest first; `before` a seq (older than it), or undefined for the newest. */
export const pageOfConversation = async (
  db: Queryable,
  conversationId: number,
  before: number | undefined,
  limit = CHAT_PAGE_SIZE,
): Promise<ChatPage> => {
  const rows = await db.query<MessageRow>(
    `${SELECT_MESSAGE} WHERE m.conversation_id = $1 AND ($2::int IS NULL OR m.seq < $2)
      ORDER BY m.seq DESC LIMIT $3`,
    [conversationId, before ?? null, limit + 1],
  );
  return { messages: rows.slice(0, limit).map(presentMessage), more: rows.length > limit };
};

export interface SendInput {
  conversationId: number;
  clientId: string;
  type: ChatMessageType;
  content?: string;
  uploadId?: number;
  cowId?: number;
}

export interface Sent {
  message: ChatMessage;
  /** A resend of a stored message: nothing new to deliver. */
  duplicate: boolean;
  /** Who gets it live: every member, the sender too (their other devices). */
  memberIds: number[];
  /** A customer-service conversation: support's consoles hear of it too. */
  toSupport: boolean;
}

interface CheckedContent {
  content: string;
  card: CowCard | null;
}

const checkedContent = async (
  db: Queryable,
  sender: CardSender,
  input: SendInput,
): Promise<CheckedContent> => {
  if (input.type === 'text') {
    const text = input.content ?? '';
    if (text.trim() === '') throw badRequest(ERROR_CODES.validation, 'A text message needs some text');
    return { content: text, card: null };
  }
  if (input.type === 'cow') {
    if (input.cowId === undefined) {
      throw badRequest(ERROR_CODES.validation, 'A cow card names the cow (cowId)');
    }
    return { content: input.content ?? '', card: await snapshotCow(db, sender, input.cowId) };
  }
  if (input.uploadId === undefined) {
    throw badRequest(ERROR_CODES.validation, 'A picture message names its upload (uploadId)');
  }
  // Only the sender's own pictures: an upload id of anyone else's is as good as none.
  const [upload] = await db.query<{ mimeType: string }>(
    'SELECT mime_type AS "mimeType" FROM uploads WHERE id = $1 AND user_id = $2',
    [input.uploadId, sender.userId],
  );
  if (!upload) throw notFound('There is no such upload of yours');
  if (!upload.mimeType.startsWith('image/')) {
    throw badRequest(ERROR_CODES.validation, 'A picture message needs a picture (JPEG, PNG or WebP)');
  }
  return { content: '', card: null };
};

/** What a stored message's presentation needs of its conversation, read with the lock. */
type ConversationOfMessage = Pick<MessageRow, 'kind' | 'directKey' | 'serviceUserId'>;

/** Locks the conversation if the sender is a member of it (404 otherwise): one statement for both. */
const lockConversationOfMember = async (
  tx: Queryable,
  senderId: number,
  conversationId: number,
): Promise<ConversationOfMessage> => {
  const [conversation] = await tx.query<ConversationOfMessage>(
    `SELECT c.kind, c.direct_key AS "directKey", c.service_user_id AS "serviceUserId"
       FROM chat_conversations c JOIN chat_members m ON m.conversation_id = c.id AND m.user_id = $1
      WHERE c.id = $2 FOR UPDATE OF c`,
    [senderId, conversationId],
  );
  if (!conversation) throw notFound('There is no such conversation of yours');
  return conversation;
};

/**
 * Stores a message from a farm user (decision 0019): the conversation row is locked, so its messages get
 * gap-free, increasing numbers whichever instance stores them; a resend with the same client id answers the
 * stored message. Every other member's unread count rises in the same transaction. Each statement is a round
 * trip while the row is locked, so the stored row and the members come back from the writes themselves
 * (bench/chat: seven statements instead of ten).
 */
export const sendUserMessage = (db: Database, sender: CardSender, input: SendInput): Promise<Sent> =>
  db.transaction(async (tx) => {
    const senderId = sender.userId;
    const conversation = await lockConversationOfMember(tx, senderId, input.conversationId);
    const [earlier] = await tx.query<MessageRow>(
      `${SELECT_MESSAGE} WHERE m.sender_user_id = $1 AND m.client_id = $2`,
      [senderId, input.clientId],
    );
    if (earlier) {
      if (earlier.conversationId !== input.conversationId) {
        throw conflict(ERROR_CODES.conflict, 'This client message id was used for another conversation');
      }
      return { message: presentMessage(earlier), duplicate: true, memberIds: [], toSupport: false };
    }
    const { content, card } = await checkedContent(tx, sender, input);
    const [inserted] = await tx.query<Omit<MessageRow, keyof ConversationOfMessage>>(
      `WITH next AS (
         UPDATE chat_conversations
            SET last_seq = last_seq + 1, last_message_at = now(),
                support_unread = support_unread + CASE WHEN kind = 'service' THEN 1 ELSE 0 END
          WHERE id = $1::int RETURNING last_seq)
       INSERT INTO chat_messages (conversation_id, seq, sender_user_id, client_id, kind, content, upload_id, cow_card)
       SELECT $1::int, last_seq, $2::int, $3::text, $4::text, $5::text, $6::int, $7::jsonb FROM next
       RETURNING id, conversation_id AS "conversationId", seq, sender_user_id AS uid, 'user' AS "from",
                 content, kind AS type, cow_card AS card, client_id AS "clientId",
                 ${messageTime('created_at')} AS time`,
      [
        input.conversationId,
        senderId,
        input.clientId,
        input.type,
        content,
        input.type === 'image' ? (input.uploadId ?? null) : null,
        card === null ? null : JSON.stringify(card),
      ],
    );
    if (!inserted) throw new Error('the message insert returned nothing');
    const others = await tx.query<{ userId: number }>(
      `UPDATE chat_members SET unread_count = unread_count + 1
        WHERE conversation_id = $1 AND user_id <> $2 RETURNING user_id AS "userId"`,
      [input.conversationId, senderId],
    );
    return {
      message: presentMessage({ ...inserted, ...conversation }),
      duplicate: false,
      memberIds: [senderId, ...others.map((other) => other.userId)],
      toSupport: conversation.kind === 'service',
    };
  });

export interface PictureOfMessage {
  uploadId: number;
  farmId: number;
}

/** The upload behind a picture message, for a member of its conversation only (404 otherwise). */
export const findPictureForMember = async (
  db: Queryable,
  userId: number,
  messageId: number,
): Promise<PictureOfMessage> => {
  const [row] = await db.query<PictureOfMessage>(
    `SELECT up.id AS "uploadId", up.farm_id AS "farmId"
       FROM chat_messages m
       JOIN chat_members mem ON mem.conversation_id = m.conversation_id AND mem.user_id = $1
       JOIN uploads up ON up.id = m.upload_id
      WHERE m.id = $2 AND m.kind = 'image'`,
    [userId, messageId],
  );
  if (!row) throw notFound('There is no such picture in your conversations');
  return row;
};
