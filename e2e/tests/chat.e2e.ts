// Issue 35: two farmers of two farms and a support agent, in three browsers. The farmers become friends
// through the screens, chat live both ways with unread counts, share a picture, live through every group
// event of spec §4 and a friend deletion; a cow shared from her page arrives as a card; one asks customer
// service, and the agent answers from the console.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { baseUrl, newPhoneContext, phonePagePerTest, skipReason } from '../setup/browser';
import { openConsole } from '../setup/console';
import { addCow, apiLogIn, callApi, freshCowCode } from '../setup/herd';
import { solidPng } from '../setup/pictures';
import { logInThroughScreen, registerUser } from '../setup/session';

/** The unread badge of a conversation in the list, 0 when there is none. */
const unreadOf = async (page: Page, name: RegExp): Promise<number> => {
  const badge = page.getByRole('button', { name }).getByTestId('unread');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

const chats = (page: Page) => page.getByRole('list', { name: 'Chats' });
const panel = (page: Page, name: 'Chats' | 'Friends') =>
  page.getByText(name, { exact: true }).first().click();
const write = async (page: Page, text: string) => {
  await page.getByRole('textbox', { name: 'Write a message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
};

describe.skipIf(skipReason() !== '')('chat between two farms and support', () => {
  const phone = phonePagePerTest();
  const others: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of others.splice(0)) await context.close();
  });

  it('friends, live chat, a picture, every group event, and customer service answered from the console', async () => {
    const aCredentials = await registerUser(baseUrl(), 'chata');
    const bCredentials = await registerUser(baseUrl(), 'chatb');
    const a = await apiLogIn(baseUrl(), aCredentials);
    const b = await apiLogIn(baseUrl(), bCredentials);
    await callApi(a, api.user.updateUser, { body: { id: a.user.id, name: 'Anna Kim' } });
    await callApi(b, api.user.updateUser, { body: { id: b.user.id, name: 'Bora Lee' } });

    const bContext = await newPhoneContext(phone.browser);
    others.push(bContext);
    const bPage = await bContext.newPage();
    const bErrors: string[] = [];
    bPage.on('pageerror', (error) => bErrors.push(error.message));
    const agent = await openConsole(phone.browser);
    others.push(agent.context());
    await logInThroughScreen(phone.page, aCredentials);
    await logInThroughScreen(bPage, bCredentials);

    // Anna finds Bora by username and asks; Bora, on her friends panel, sees the request arrive and accepts.
    await bPage.goto('/pages/index/message');
    await panel(bPage, 'Friends');
    await phone.page.goto('/pages/index/message');
    await panel(phone.page, 'Friends');
    await phone.page.getByRole('textbox', { name: 'Phone number or username' }).fill(bCredentials.username);
    await phone.page.getByRole('button', { name: 'Find' }).click();
    await phone.page.getByRole('button', { name: 'Add friend' }).click();
    await bPage.getByRole('button', { name: 'Accept' }).click({ timeout: 10_000 });
    await panel(phone.page, 'Chats');
    await chats(phone.page)
      .getByRole('button', { name: /Bora Lee/ })
      .waitFor({ timeout: 10_000 });

    // Anna writes twice; Bora's list counts two unread, live, until she opens the conversation.
    await panel(bPage, 'Chats');
    expect(await chats(bPage).getByRole('button').first().textContent()).toContain('Administrator');
    await chats(phone.page)
      .getByRole('button', { name: /Bora Lee/ })
      .click();
    await write(phone.page, 'Look at C1042, she is bulling');
    await phone.page.getByRole('textbox', { name: 'Write a message' }).fill('Scan at 10?');
    await phone.page.getByRole('textbox', { name: 'Write a message' }).press('Enter');
    await expect.poll(() => unreadOf(bPage, /Anna Kim/), { timeout: 10_000 }).toBe(2);
    await chats(bPage)
      .getByRole('button', { name: /Anna Kim/ })
      .click();
    await bPage.getByText('Scan at 10?').waitFor();
    await bPage.getByRole('button', { name: 'Conversations' }).click();
    await expect.poll(() => unreadOf(bPage, /Anna Kim/)).toBe(0);

    // Bora answers with a picture; Anna, with the conversation open, sees it at once.
    await chats(bPage)
      .getByRole('button', { name: /Anna Kim/ })
      .click();
    const [chooser] = await Promise.all([
      bPage.waitForEvent('filechooser'),
      bPage.getByRole('button', { name: 'Send a picture' }).click(),
    ]);
    await chooser.setFiles({ name: 'c1042.png', mimeType: 'image/png', buffer: solidPng(120, 80, 40) });
    const picture = phone.page.getByRole('img', { name: '[Picture]' });
    await picture.waitFor({ timeout: 10_000 });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);

    // Anna shares a cow from her page: Bora gets the card live, a snapshot without a way into Anna's farm.
    const calved = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const cow = await addCow(a, { code: freshCowCode(), status: '포유', sex: 'female', lastCalving: calved });
    await phone.page.goto(`/pages/index/cow?id=${cow.id}`);
    await phone.page.getByRole('button', { name: 'Share in chat' }).click();
    const dialog = phone.page.getByRole('dialog', { name: `Share ${cow.code} in chat` });
    await dialog.getByRole('combobox', { name: 'Send to' }).click();
    await phone.page.getByRole('option', { name: /Bora Lee/ }).click();
    await dialog.getByRole('textbox', { name: 'A few words (optional)' }).fill(`Look at ${cow.code}`);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await phone.page
      .getByRole('group', { name: `Cow card ${cow.code}` })
      .getByRole('link', { name: 'Open her page' })
      .waitFor();
    const bCard = bPage.getByRole('group', { name: `Cow card ${cow.code}` });
    await bCard.getByText('Lactation').waitFor({ timeout: 10_000 });
    expect(await bCard.getByRole('link').count()).toBe(0);
    await bPage.getByRole('button', { name: 'Conversations' }).click();

    // A group and every event of §4 on Bora's list, while Anna (the owner) acts.
    await phone.page.goto('/pages/index/message');
    await phone.page.getByRole('button', { name: 'New group' }).click();
    await phone.page.getByRole('textbox', { name: 'Group name' }).fill('Calving watch');
    await phone.page.getByRole('combobox', { name: 'Members' }).click();
    await phone.page.getByRole('option', { name: /Bora Lee/ }).click();
    // The picker stays open for more members; leaving it closes it.
    await phone.page.getByRole('textbox', { name: 'Group name' }).click();
    await phone.page.getByRole('button', { name: 'Create group' }).click();
    const group = chats(bPage).getByRole('button', { name: /Calving watch|Night shift/ });
    await group.waitFor({ timeout: 10_000 }); // newgroup
    const gid = (await callApi(a, api.chat.relations, { body: { uid: a.user.id } })).find(
      (r) => r.kind === 'group',
    )?.gid;
    if (!gid) throw new Error("the group is not in the owner's list");
    await callApi(a, api.chat.updateGroup, { params: { gid }, body: { name: 'Night shift' } });
    await chats(bPage)
      .getByRole('button', { name: /Night shift/ })
      .waitFor(); // groupchange
    await callApi(a, api.chat.removeFromGroup, { params: { gid, uid: b.user.id } });
    await group.waitFor({ state: 'detached' }); // removeuser
    await callApi(a, api.chat.inviteToGroup, { params: { gid }, body: { users: [b.user.id] } });
    await group.waitFor(); // adduser
    await chats(phone.page)
      .getByRole('button', { name: /Night shift/ })
      .click();
    await phone.page.getByRole('button', { name: 'Group settings' }).click();
    const members = phone.page.getByRole('dialog');
    await members.getByText(/Bora Lee/).waitFor();
    await callApi(b, api.chat.leaveGroup, { params: { gid } });
    await members.getByText(/Bora Lee/).waitFor({ state: 'detached', timeout: 10_000 }); // userexit
    await phone.page.keyboard.press('Escape');
    await callApi(a, api.chat.inviteToGroup, { params: { gid }, body: { users: [b.user.id] } });
    await group.waitFor();
    await callApi(a, api.chat.deleteGroup, { params: { gid } });
    await group.waitFor({ state: 'detached' }); // deletegroup

    // Anna ends the friendship: Bora's friends panel loses her live.
    await panel(bPage, 'Friends');
    await bPage.getByText('Anna Kim').first().waitFor();
    await callApi(a, api.chat.deleteFriend, { params: { fid: b.user.id } });
    await bPage.getByText('No friends yet').waitFor({ timeout: 10_000 }); // frienddelete

    // Anna asks customer service; the agent's inbox shows it live, unread, and the answer comes back live.
    await chats(phone.page)
      .getByRole('button', { name: /Administrator/ })
      .click();
    const question = `My bolus 20106 stopped sending ${Date.now() % 10000}`;
    await write(phone.page, question);
    const row = agent.getByTestId('inbox-row').filter({ hasText: question });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain('1');
    await row.click();
    await agent.getByTestId('support-message').filter({ hasText: question }).waitFor();
    await agent
      .getByRole('textbox', { name: 'Answer' })
      .fill('We see it offline since 09:10: check the gateway power.');
    await agent.getByRole('button', { name: 'Send' }).click();
    await phone.page
      .getByText('We see it offline since 09:10: check the gateway power.')
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => row.getByLabel(/unread/).count()).toBe(0);
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
