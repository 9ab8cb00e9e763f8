import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserMessage } from '@cowcare/contract/schemas';
import { ok, stubFarmServer, type FakeRequest } from '../../../test/fake-api';
import { demoUser, logIn, renderApp } from '../../../test/render';

const note = (id: number, message: string, time: string): UserMessage => ({ id, userId: 7, message, time });

describe('notes to CowCare', () => {
  it('are reached from the account page and listed newest first with their time', async () => {
    stubFarmServer({
      'GET common/common/getKoUserDataById/7': () => ok(demoUser),
      'GET user/user/getmessage/7': () =>
        ok([
          note(2, 'Collar 40012 is loose', '2026-11-27T08:30:00.000Z'),
          note(1, 'Please add Thai', '2026-10-02T17:05:00.000Z'),
        ]),
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/pages/index/webuser');
    await user.click(await screen.findByRole('link', { name: 'Notes to CowCare' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/usermessage'));
    const list = await screen.findByRole('list', { name: 'Your notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Collar 40012 is loose'),
      expect.stringContaining('Please add Thai'),
    ]);
    expect(items[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-27T08:30:00.000Z');
    expect(items[0]?.textContent).toMatch(/Nov 27, 2026/);
  });

  it('sends a note and shows it on top at once; an empty list says so first', async () => {
    const inserts: FakeRequest[] = [];
    stubFarmServer({
      'GET user/user/getmessage/7': () => ok([]),
      'POST user/user/insertmessage': (request) => {
        inserts.push(request);
        return ok(note(3, 'The gateway restarts at night', '2026-11-28T10:00:00.000Z'));
      },
    });
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/usermessage');
    expect(await screen.findByText('No notes yet')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Write a note' });
    await user.type(box, '  The gateway restarts at night ');
    await user.click(screen.getByRole('button', { name: 'Send note' }));
    const list = await screen.findByRole('list', { name: 'Your notes' });
    expect(within(list).getByText('The gateway restarts at night')).toBeTruthy();
    expect(inserts.map((request) => request.body)).toEqual([{ message: 'The gateway restarts at night' }]);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });
});
