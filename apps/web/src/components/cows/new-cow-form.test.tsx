import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCow } from '../../test/cows';
import { fail, ok, stubFarmServer as server } from '../../test/fake-api';
import { logIn, renderApp } from '../../test/render';

/** A herd joins mid-season: the new-cow form takes her status and the days that put her there. */
describe('a new cow in any current status', () => {
  const open = async () => {
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/addcows');
    await screen.findByRole('button', { name: 'Add cow' });
    return user;
  };
  const day = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('asks a pregnant cow for her insemination and check, and sends them with her', async () => {
    const api = server({
      'GET common/common/getCowsData/KR/F-100': () => ok([]),
      'POST news/news/add/addcowsinfo': ({ body }) => ok(makeCow({ id: 90, ...(body as object) })),
    });
    const user = await open();
    expect(screen.queryByLabelText(/Last insemination date/)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'C90');
    await user.selectOptions(screen.getByLabelText(/^Status/), '임신');
    await user.click(screen.getByRole('button', { name: 'Add cow' }));
    expect(await screen.findAllByText('Needed for this status')).toHaveLength(2);
    expect(api.requests.some((r) => r.path === 'news/news/add/addcowsinfo')).toBe(false);

    day(/Last insemination date/, '2024-05-01');
    // The corrected field's error goes; the others stay until they are corrected.
    expect(screen.getAllByText('Needed for this status')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText(/Insemination method/), 'artificial-insemination');
    await user.type(screen.getByLabelText(/Bull or semen used/), 'KPN1180');
    day(/Pregnancy check date/, '2024-04-20');
    await user.click(screen.getByRole('button', { name: 'Add cow' }));
    expect(await screen.findByText('Cannot be before the last insemination')).toBeTruthy();
    day(/Pregnancy check date/, '2024-06-10');
    await user.click(screen.getByRole('button', { name: 'Add cow' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === 'news/news/add/addcowsinfo')?.body).toEqual({
        code: 'C90',
        sex: 'female',
        status: '임신',
        lastInsemination: '2024-05-01',
        inseminationMethod: 'artificial-insemination',
        inseminationSire: 'KPN1180',
        pregnancyCheck: '2024-06-10',
      }),
    );
  });

  it("shows the server's refusal of a day at that day's field", async () => {
    server({
      'GET common/common/getCowsData/KR/F-100': () => ok([]),
      'POST news/news/add/addcowsinfo': () =>
        fail(400, 'E_VALIDATION', {
          msg: 'lastCalving must not be in the future',
          details: [{ path: 'body.lastCalving', message: 'x', rule: 'future' }],
        }),
    });
    const user = await open();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'C91');
    await user.selectOptions(screen.getByLabelText(/^Status/), '포유');
    day(/Last calving date/, '2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Add cow' }));
    expect(await screen.findByText('Cannot be in the future')).toBeTruthy();
    expect(screen.queryByText(/lastCalving/)).toBeNull();
  });
});
