import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, CowCard } from '@cowcare/contract/chat-schemas';
import { boraRelation } from '../../../test/chat';
import { ok, stubFarmServer } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

const card = (overrides: Partial<CowCard> = {}): CowCard => ({
  cowId: 42,
  farmNumber: 'F-100',
  code: 'C1042',
  status: 'lactation',
  sensorKind: 'pill',
  temperature: 39.64,
  activity: 14.5,
  drink: 7,
  readingAt: '2026-11-28T09:50:00.000Z',
  daysInMilk: 45,
  daysSinceInsemination: null,
  ...overrides,
});

const friend = boraRelation({
  message: 'C1042',
  messagetype: 'cow',
  lasttime: '2026-11-28T10:00:00.000Z',
});

const cardMessage = (shared: CowCard, from: number): ChatMessage => ({
  id: 60,
  conversationId: 5,
  seq: 1,
  uid: from,
  from: 'user',
  toid: from === 7 ? 9 : 7,
  gid: 0,
  content: 'Look at C1042',
  type: 'cow',
  card: shared,
  clientId: 'card-client-1',
  time: '2026-11-28T10:00:00.000Z',
});

async function openConversationWith(message: ChatMessage) {
  stubFarmServer({
    'POST bgyx/bgyx/getdata/friendrelation': () => ok([friend]),
    'GET chat/chat/messages/5': () => ok({ messages: [message], more: false }),
  });
  logIn();
  renderApp('/pages/index/message?c=5');
  return within(await screen.findByRole('group', { name: 'Cow card C1042' }));
}

describe('a cow card in a conversation', () => {
  it('shows her code, status, values with units and their time, and opens her page on her own farm', async () => {
    const shown = await openConversationWith(cardMessage(card(), 7));
    expect(screen.getByText('Look at C1042')).toBeTruthy();
    expect(shown.getByText('Lactation')).toBeTruthy();
    expect(shown.getByText('39.6 °C')).toBeTruthy();
    expect(shown.getByText('14.5')).toBeTruthy();
    expect(shown.getByText('7/day')).toBeTruthy();
    expect(shown.getByText('45')).toBeTruthy();
    expect(shown.getByText(/^Values of .*2026/)).toBeTruthy();
    expect(shown.getByRole('link', { name: 'Open her page' }).getAttribute('href')).toBe(
      '/pages/index/cow?id=42',
    );
  });

  it('is only the snapshot for a reader of another farm: no way to her page', async () => {
    const theirs = card({ farmNumber: 'F-200', sensorKind: 'neck', drink: null, temperature: null });
    const shown = await openConversationWith(cardMessage(theirs, 9));
    expect(shown.getByText('C1042')).toBeTruthy();
    expect(shown.getByText('Not measured')).toBeTruthy();
    expect(shown.getByText('—')).toBeTruthy();
    expect(shown.queryByRole('link')).toBeNull();
  });

  it('is quoted in the conversation list by its cow', async () => {
    stubFarmServer({ 'POST bgyx/bgyx/getdata/friendrelation': () => ok([friend]) });
    logIn();
    renderApp('/pages/index/message');
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getByText('Cow C1042')).toBeTruthy();
  });
});
