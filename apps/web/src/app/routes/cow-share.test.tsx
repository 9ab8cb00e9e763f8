import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@cowcare/contract/chat-schemas';
import { boraRelation, chatRelation } from '../../test/chat';
import { makeCow } from '../../test/cows';
import { fakeApi, ok, type FakeRequest } from '../../test/fake-api';
import { logIn, renderApp } from '../../test/render';

const cow = makeCow({ id: 5, code: 'C1042', status: '포유', sensor: null });

function server(sends: FakeRequest[]) {
  const stored: ChatMessage[] = [];
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getDataById/cowinfo/5': () => ok(cow),
    'GET common/common/getCowsData/KR/F-100': () => ok([cow]),
    'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
    'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
    'POST bgyx/bgyx/getdata/friendrelation': () => ok([chatRelation(), boraRelation()]),
    'GET chat/chat/messages/5': () => ok({ messages: stored, more: false }),
    'POST chat/chat/send': (request) => {
      sends.push(request);
      const body = request.body as { clientId: string; content: string };
      const message: ChatMessage = {
        id: 70,
        conversationId: 5,
        seq: 1,
        uid: 7,
        from: 'user',
        toid: 9,
        gid: 0,
        content: body.content,
        type: 'cow',
        card: {
          cowId: 5,
          farmNumber: 'F-100',
          code: 'C1042',
          status: 'lactation',
          sensorKind: null,
          temperature: null,
          activity: null,
          drink: null,
          readingAt: null,
          daysInMilk: 12,
          daysSinceInsemination: null,
        },
        clientId: body.clientId,
        time: '2026-11-28T10:00:00.000Z',
      };
      stored.push(message);
      return ok(message);
    },
  });
  vi.stubGlobal('fetch', api.fetch);
}

describe('share in chat from the cow page', () => {
  it('sends her id and the words to the chosen friend and opens the conversation with the card', async () => {
    const sends: FakeRequest[] = [];
    server(sends);
    logIn();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/pages/index/cow?id=5');
    await user.click(await screen.findByRole('button', { name: 'Share in chat' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share C1042 in chat' }));
    const share = dialog.getByRole('button', { name: 'Share' });
    expect(share.hasAttribute('disabled')).toBe(true);
    await user.click(dialog.getByRole('combobox', { name: 'Send to' }));
    await user.click(await screen.findByRole('option', { name: 'Bora Lee (F-200)' }));
    await user.type(dialog.getByRole('textbox', { name: 'A few words (optional)' }), 'Look at her');
    await user.click(share);

    await waitFor(() => expect(router.state.location.search).toBe('?c=5'));
    expect(router.state.location.pathname).toBe('/pages/index/message');
    const card = await screen.findByRole('group', { name: 'Cow card C1042' });
    expect(within(card).getByText('Lactation')).toBeTruthy();
    expect(screen.getByText('Look at her')).toBeTruthy();
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body).toMatchObject({
      conversationId: 5,
      type: 'cow',
      cowId: 5,
      content: 'Look at her',
    });
  });
});
