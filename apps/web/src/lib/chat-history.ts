import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ChatPage } from '@cowcare/contract/chat-schemas';

/**
 * A loaded history (pages newest first, by seq) with this message in it, once: a message that arrives twice
 * (the send's answer and the socket's event) shows once. Shared by the farm app's chat and the console.
 */
export function withMessage(
  data: InfiniteData<ChatPage, number> | undefined,
  message: ChatMessage,
): InfiniteData<ChatPage, number> | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.messages.some((held) => held.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const messages = [...first.messages, message].sort((a, b) => b.seq - a.seq);
  return { ...data, pages: [{ ...first, messages }, ...rest] };
}
