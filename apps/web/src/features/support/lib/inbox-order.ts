import type { ServiceConversation } from '@cowcare/contract/routes/admin';

/** Unread first, then the latest message, then the newest conversation: the server's inbox order. */
const inboxOrder = (a: ServiceConversation, b: ServiceConversation): number =>
  Number(b.unread > 0) - Number(a.unread > 0) ||
  (b.lasttime ?? '').localeCompare(a.lasttime ?? '') ||
  b.conversationId - a.conversationId;

/** The inbox with this conversation's new state in its place (added when it is new). */
export function placeInInbox(
  inbox: readonly ServiceConversation[],
  conversation: ServiceConversation,
): ServiceConversation[] {
  const others = inbox.filter((held) => held.conversationId !== conversation.conversationId);
  return [...others, conversation].sort(inboxOrder);
}
