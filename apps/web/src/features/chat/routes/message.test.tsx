import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@cowcare/contract/chat-schemas';
import { fail, ok, stubFarmServer as server, type FakeRequest } from '../../../test/fake-api';
import { boraRelation, chatRelation } from '../../../test/chat';
import { logIn, renderApp } from '../../../test/render';

const service = chatRelation();
const bora = boraRelation({
  count: 3,
  message: 'Look at C1042',
  messagetype: 'text',
  lasttime: '2026-11-28T10:00:00.000Z',
});

const message = (seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 50 + seq,
  conversationId: 5,
  seq,
  uid: 9,
  from: 'user',
  toid: 7,
  gid: 0,
  content: `message ${seq}`,
  type: 'text',
  clientId: `client-${seq}-abcdef`,
  time: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const chatServer = (extra: Parameters<typeof server>[0] = {}) =>
  server({
    'POST bgyx/bgyx/getdata/friendrelation': () => ok([bora, service]),
    'GET chat/chat/messages/5': () => ok({ messages: [message(2), message(1)], more: false }),
    'PUT putdata/friendrelation': () => ok({ ...bora, count: 0 }),
    ...extra,
  });

describe('message screen', () => {
  it('lists customer service first as Administrator, then friends with their unread count', async () => {
    chatServer();
    logIn();
    renderApp('/pages/index/message');
    const list = await screen.findByRole('list', { name: 'Chats' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first?.textContent).toContain('Administrator');
    expect(second).toBe(within(list).getByRole('button', { name: 'Bora Lee, 3 unread' }));
  });

  it('opening a conversation shows its history and zeroes its unread count on the server', async () => {
    const api = chatServer();
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/message');
    await user.click(await screen.findByRole('button', { name: 'Bora Lee, 3 unread' }));
    await screen.findByText('message 2');
    await waitFor(() =>
      expect(api.requests.find((request) => request.path === 'putdata/friendrelation')?.body).toEqual({
        id: 2,
        count: 0,
      }),
    );
  });

  it('marks a send the server refused, and the retry sends the same client id', async () => {
    const sends: FakeRequest[] = [];
    chatServer({
      'POST chat/chat/send': (request) => {
        sends.push(request);
        const body = request.body as { clientId: string; content: string };
        return sends.length === 1
          ? fail(503, 'E_UNAVAILABLE')
          : ok(message(3, { uid: 7, toid: 9, clientId: body.clientId, content: body.content }));
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/message?c=5');
    await screen.findByText('message 2');
    await user.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Scan at 10?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Not sent');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent')).toBeNull());
    expect(screen.getByText('Scan at 10?')).toBeTruthy();
    const [first, second] = sends.map((request) => (request.body as { clientId: string }).clientId);
    expect(second).toBe(first);
  });

  it('takes a group picture only as an image address, and sends it with the new group', async () => {
    const api = chatServer({
      'POST getdata/grouptype': () => ok([{ id: 1, code: 'neighbours' }]),
      'POST chat/chat/group': () =>
        ok({
          id: 30,
          name: 'Calving watch',
          note: '',
          avatar: 'https://example.org/cows.png',
          type: 1,
          ownerId: 1,
        }),
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/message');
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Calving watch');
    const picture = screen.getByRole('textbox', { name: 'Group picture address' });
    await user.type(picture, 'javascript:alert(1)');
    expect(picture.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(api.requests.some((request) => request.path === 'chat/chat/group')).toBe(false);

    await user.clear(picture);
    await user.type(picture, 'https://example.org/cows.png');
    expect(picture.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.path === 'chat/chat/group')?.body).toMatchObject({
        name: 'Calving watch',
        avatar: 'https://example.org/cows.png',
      }),
    );
  });
});
