// Issue 35: two farmers of two farms, friends, chat live in two browsers: the message arrives without a
// reload, the unread count rises on the list and goes when the conversation is opened, the answer comes back;
// a cow shared from her page arrives as a card.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { baseUrl, newPhoneContext, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, callApi, freshCowCode } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

/** The unread badge of a conversation in the list, 0 when there is none. */
const unreadOf = async (page: Page, name: RegExp): Promise<number> => {
  const badge = page.getByRole('button', { name }).getByTestId('unread');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

describe.skipIf(skipReason() !== '')('chat between two farms', () => {
  const phone = phonePagePerTest();
  let other: BrowserContext | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it('a message reaches the friend live, counts as unread until opened, and the answer comes back', async () => {
    const aCredentials = await registerUser(baseUrl(), 'chata');
    const bCredentials = await registerUser(baseUrl(), 'chatb');
    const a = await apiLogIn(baseUrl(), aCredentials);
    const b = await apiLogIn(baseUrl(), bCredentials);
    await callApi(a, api.user.updateUser, { body: { id: a.user.id, name: 'Anna Kim' } });
    await callApi(b, api.user.updateUser, { body: { id: b.user.id, name: 'Bora Lee' } });
    const request = await callApi(a, api.chat.friendApply, { body: { fid: b.user.id } });
    await callApi(b, api.chat.passApply, { params: { id: request.id } });

    other = await newPhoneContext(phone.browser);
    const bPage = await other.newPage();
    const bErrors: string[] = [];
    bPage.on('pageerror', (error) => bErrors.push(error.message));
    await logInThroughScreen(phone.page, aCredentials);
    await logInThroughScreen(bPage, bCredentials);

    // B sits on the conversation list: customer service first, then Anna.
    await bPage.goto('/pages/index/message');
    const bList = bPage.getByRole('list', { name: 'Chats' });
    await bList.getByRole('button', { name: /Anna Kim/ }).waitFor();
    expect(await bList.getByRole('button').first().textContent()).toContain('Administrator');

    // A opens their conversation and writes twice.
    await phone.page.goto('/pages/index/message');
    await phone.page.getByRole('button', { name: /Bora Lee/ }).click();
    const box = phone.page.getByRole('textbox', { name: 'Write a message' });
    await box.fill('Look at C1042, she is bulling');
    await phone.page.getByRole('button', { name: 'Send', exact: true }).click();
    await box.fill('Scan at 10?');
    await box.press('Enter');
    await phone.page.getByText('Scan at 10?').waitFor();

    // B's list shows two unread from Anna, live.
    await expect.poll(() => unreadOf(bPage, /Anna Kim/), { timeout: 10_000 }).toBe(2);
    await bList.getByRole('button', { name: /Anna Kim/ }).click();
    await bPage.getByText('Look at C1042, she is bulling').waitFor();
    await bPage.getByText('Scan at 10?').waitFor();

    // Opened: the count is gone, and stays gone after a reload (the server zeroed it too).
    await bPage.getByRole('button', { name: 'Conversations' }).click();
    await expect.poll(() => unreadOf(bPage, /Anna Kim/)).toBe(0);
    await bPage.reload();
    await bPage.getByRole('button', { name: /Anna Kim/ }).waitFor();
    expect(await unreadOf(bPage, /Anna Kim/)).toBe(0);

    // B answers; A, with the conversation open, sees it without counting it as unread.
    await bPage.getByRole('button', { name: /Anna Kim/ }).click();
    await bPage.getByRole('textbox', { name: 'Write a message' }).fill('Yes, 10 is fine');
    await bPage.getByRole('button', { name: 'Send', exact: true }).click();
    await phone.page.getByText('Yes, 10 is fine').waitFor({ timeout: 10_000 });
    const relations = await callApi(a, api.chat.relations, { body: { uid: a.user.id } });
    await expect
      .poll(
        async () =>
          (await callApi(a, api.chat.relations, { body: { uid: a.user.id } })).find(
            (r) => r.fid === b.user.id,
          )?.count,
      )
      .toBe(0);
    expect(relations.length).toBe(2);

    // A shares a cow from her page: B gets the card live, a snapshot without a way into A's farm.
    const calved = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const cow = await addCow(a, { code: freshCowCode(), status: '포유', sex: 'female', lastCalving: calved });
    await phone.page.goto(`/pages/index/cow?id=${cow.id}`);
    await phone.page.getByRole('button', { name: 'Share in chat' }).click();
    const dialog = phone.page.getByRole('dialog', { name: `Share ${cow.code} in chat` });
    await dialog.getByRole('combobox', { name: 'Send to' }).click();
    await phone.page.getByRole('option', { name: /Bora Lee/ }).click();
    await dialog.getByRole('textbox', { name: 'A few words (optional)' }).fill(`Look at ${cow.code}`);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    const aCard = phone.page.getByRole('group', { name: `Cow card ${cow.code}` });
    await aCard.getByRole('link', { name: 'Open her page' }).waitFor();
    const bCard = bPage.getByRole('group', { name: `Cow card ${cow.code}` });
    await bCard.getByText('Lactation').waitFor({ timeout: 10_000 });
    await bPage.getByText(`Look at ${cow.code}`).waitFor();
    expect(await bCard.getByRole('link').count()).toBe(0);
    expect(bErrors).toEqual([]);
  });
});

describe.skipIf(skipReason() !== '')('chat offline', () => {
  const phone = phonePagePerTest();

  it('a message written offline is marked, and sent once with its own id when the network is back', async () => {
    const aCredentials = await registerUser(baseUrl(), 'offa');
    const bCredentials = await registerUser(baseUrl(), 'offb');
    const a = await apiLogIn(baseUrl(), aCredentials);
    const b = await apiLogIn(baseUrl(), bCredentials);
    await callApi(b, api.user.updateUser, { body: { id: b.user.id, name: 'Bora Lee' } });
    const request = await callApi(a, api.chat.friendApply, { body: { fid: b.user.id } });
    const relation = await callApi(b, api.chat.passApply, { params: { id: request.id } });
    await logInThroughScreen(phone.page, aCredentials);
    await phone.page.goto('/pages/index/message');
    await phone.page.getByRole('button', { name: /Bora Lee/ }).click();
    await phone.page.getByText('No messages yet').waitFor();

    // Offline emulation does not always stop a request to localhost: the send is cut off for sure as well.
    const cutOff = '**/api/chat/chat/send';
    await phone.page.route(cutOff, (route) => route.abort('internetdisconnected'));
    await phone.page.context().setOffline(true);
    await phone.page.getByRole('textbox', { name: 'Write a message' }).fill('Written in the barn');
    await phone.page.getByRole('button', { name: 'Send', exact: true }).click();
    await phone.page.getByText('Not sent').waitFor();

    await phone.page.unroute(cutOff);
    await phone.page.context().setOffline(false);
    // "Not sent" goes as soon as the resend starts; the message is delivered when the server has it.
    await phone.page.getByText('Not sent').waitFor({ state: 'detached', timeout: 15_000 });
    const delivered = async () =>
      (
        await callApi(b, api.chat.history, { params: { conversationId: relation.conversationId } })
      ).messages.map((message) => message.content);
    await expect.poll(delivered, { timeout: 15_000 }).toEqual(['Written in the barn']);
    await phone.page.getByText('Sending…').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await delivered()).toEqual(['Written in the barn']);
  });
});
