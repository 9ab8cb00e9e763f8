import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessageType } from '@cowcare/contract/chat-schemas';
import { isApiError } from '../../../lib/api-client';
import { sendMessage, uploadPicture } from '../api/chat-api';
import { addToHistory, noteInRelations } from './history-cache';

/** A message typed here and not yet stored by the server. */
export interface PendingMessage {
  clientId: string;
  conversationId: number;
  type: ChatMessageType;
  /** The text; for a picture its preview address; for a cow card the sender's words (maybe none). */
  content: string;
  file?: File;
  uploadId?: number;
  /** A cow card's cow, and her code to show until the server's card replaces it. */
  cow?: { id: number; code: string };
  /** `failed`: shown with a retry; `offline` failures are retried by themselves when the socket is back. */
  status: 'sending' | 'failed';
  offline: boolean;
  time: string;
}

let pending: PendingMessage[] = [];
const listeners = new Set<() => void>();

const setPending = (next: PendingMessage[]) => {
  pending = next;
  for (const listener of listeners) listener();
};

const update = (clientId: string, change: Partial<PendingMessage>) =>
  setPending(pending.map((message) => (message.clientId === clientId ? { ...message, ...change } : message)));

/** A message id of the client's (decision 0019): the server stores a resend with it once. */
export const newClientId = (): string => crypto.randomUUID().replace(/-/g, '');

async function attempt(queryClient: QueryClient, message: PendingMessage): Promise<void> {
  update(message.clientId, { status: 'sending', offline: false });
  try {
    let uploadId = message.uploadId;
    if (message.type === 'image' && uploadId === undefined && message.file) {
      uploadId = (await uploadPicture(message.file)).id;
      update(message.clientId, { uploadId });
    }
    const stored = await sendMessage({
      conversationId: message.conversationId,
      clientId: message.clientId,
      type: message.type,
      ...(message.type === 'image' ? { uploadId } : {}),
      ...(message.type === 'text' || (message.type === 'cow' && message.content.trim() !== '')
        ? { content: message.content }
        : {}),
      ...(message.cow ? { cowId: message.cow.id } : {}),
    });
    addToHistory(queryClient, stored);
    noteInRelations(queryClient, stored, false);
    setPending(pending.filter((held) => held.clientId !== message.clientId));
  } catch (error) {
    // No answer at all (offline, time-out): the same id goes again when the socket is back.
    const offline = isApiError(error) && error.status === 0;
    update(message.clientId, { status: 'failed', offline });
  }
}

export function enqueue(
  queryClient: QueryClient,
  message: Pick<PendingMessage, 'conversationId' | 'type' | 'content' | 'file' | 'cow'>,
): void {
  const entry: PendingMessage = {
    ...message,
    clientId: newClientId(),
    status: 'sending',
    offline: false,
    time: new Date().toISOString(),
  };
  setPending([...pending, entry]);
  void attempt(queryClient, entry);
}

export function retry(queryClient: QueryClient, clientId: string): void {
  const message = pending.find((held) => held.clientId === clientId);
  if (message) void attempt(queryClient, message);
}

/** The connection is back: what failed for want of it goes again, with its own ids. */
export function flushOffline(queryClient: QueryClient): void {
  for (const message of pending.filter((held) => held.status === 'failed' && held.offline)) {
    void attempt(queryClient, message);
  }
}

export function clearOutbox(): void {
  setPending([]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePending(conversationId: number): PendingMessage[] {
  const all = useSyncExternalStore(subscribe, () => pending);
  return all.filter((message) => message.conversationId === conversationId);
}
