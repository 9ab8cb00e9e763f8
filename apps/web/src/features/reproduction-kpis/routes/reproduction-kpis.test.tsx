import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPRODUCTION_KPI_TARGETS } from '@cowcare/domain/reproduction-kpi-targets';
import { makeCow } from '../../../test/cows';
import { ok, stubFarmServer, type FakeRequest } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';
import { kpiAnswer, kpiFigure } from '../../../test/reproduction-kpis';

const FIGURES = {
  heatDetectionRate: kpiFigure('heatDetectionRate', 7 / 13, 7, 13),
  conceptionRate: kpiFigure('conceptionRate', 0.25, 1, 4),
  daysOpen: kpiFigure('daysOpen', 132, 396, 3, { numerator: [101], denominator: [101, 102] }),
};

const answer = kpiAnswer(
  FIGURES,
  ['2026-09', '2026-10', '2026-11'].map((month, index) => ({
    month,
    values: { daysOpen: 100 + index * 20 },
  })),
  [
    { id: 101, code: 'C1' },
    { id: 102, code: 'C2' },
  ],
);

const lists = {
  today: '2026-11-29',
  pregnancyChecks: [
    { cowId: 101, code: 'C1', serviceDate: '2026-10-01', checkDate: '2026-11-10', overdue: true },
  ],
  dueToCalve: [],
  openWithoutHeat: [{ cowId: 102, code: 'C2', calvingDate: '2026-08-01', daysSinceCalving: 120 }],
  repeatedServices: [],
};

function server() {
  const figureCalls: FakeRequest[] = [];
  const api = stubFarmServer({
    'GET kpis/reproduction': (request) => {
      figureCalls.push(request);
      return ok(answer);
    },
    'GET kpis/reproduction/action-lists': () => ok(lists),
    'POST common/common/getusercowtype/F-100': () =>
      ok({ types: [{ id: 3, name: 'Heifers', costnb: 0, count: 4 }], uncategorized: { count: 0 } }),
    'GET common/common/getCowsData/KR/F-100': () =>
      ok([makeCow({ id: 101, code: 'C1' }), makeCow({ id: 102, code: 'C2' })]),
    'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
    'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
    'GET common/common/getNoticeDatabtd/KR/F-100/010-1234-5678': () => ok({ tdcnlist: [] }),
    'POST gpko/herdhourly': () => ok({ sensors: 0, reported: 0, hours: [] }),
  });
  return { api, figureCalls };
}

describe('the reproduction dashboard', () => {
  it('shows each figure against its target, and a figure opens with its months and its cows', async () => {
    server();
    logIn();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/pages/index/dashboard');
    expect((await screen.findByTestId('kpi-heatDetectionRate-value')).textContent).toBe('53.8 %');
    expect(screen.getByTestId('kpi-heatDetectionRate').textContent).toContain('7 of 13');
    expect(screen.getByTestId('kpi-heatDetectionRate-target').textContent).toBe('Target ≥ 60 % · off target');
    expect(screen.getByTestId('kpi-daysOpen-value').textContent).toBe('132');
    expect(screen.getByTestId('kpi-calvingInterval-value').textContent).toBe('–');
    expect(screen.getByTestId('kpi-calvingInterval').textContent).toContain('Not enough records yet');
    await user.click(screen.getByRole('link', { name: /^Days open/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/kpi'));
    expect(await screen.findByRole('heading', { name: 'Days open', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('kpi-value').textContent).toBe('132');
    expect(screen.getByTestId('chart-kpi-trend-summary').textContent).toContain('Target: 85');
    const counted = screen.getByTestId('kpi-numerator-cows');
    expect(within(counted).getByRole('link', { name: 'C1' }).getAttribute('href')).toBe(
      '/pages/index/cow?id=101',
    );
    expect(within(screen.getByTestId('kpi-denominator-cows')).getAllByRole('link')).toHaveLength(2);
  });

  it('asks again for another period and cow type, and keeps them in the address', async () => {
    const { figureCalls } = server();
    logIn();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/pages/index/dashboard');
    await screen.findByTestId('kpi-daysOpen-value');
    await user.selectOptions(screen.getByLabelText('Period'), 'lastYear');
    await user.selectOptions(screen.getByLabelText('Cow type'), '3');
    await waitFor(() => expect(figureCalls.at(-1)?.path).toContain('cowTypeId=3'));
    expect(figureCalls.at(-1)?.path).toMatch(/from=\d{4}-01-01&to=\d{4}-12-31/);
    expect(router.state.location.search).toBe('?period=lastYear&type=3');
  });

  it("takes dates of the user's own, once both are in order, and keeps them on the figure's page", async () => {
    const { figureCalls } = server();
    logIn();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/pages/index/dashboard');
    await screen.findByTestId('kpi-daysOpen-value');
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    fireEvent.change(to, { target: { value: '2026-02-01' } });
    expect(await screen.findByText('The end must not come before the start')).toBeTruthy();
    expect(figureCalls.at(-1)?.path).not.toContain('to=2026-02-01');
    fireEvent.change(to, { target: { value: '2026-05-31' } });
    await waitFor(() => expect(figureCalls.at(-1)?.path).toContain('from=2026-03-01&to=2026-05-31'));
    await user.click(screen.getByRole('link', { name: /^Days open/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/kpi'));
    expect(router.state.location.search).toContain('period=custom&from=2026-03-01&to=2026-05-31');
  });

  it('lists the cows to work on this morning, each a link to her page', async () => {
    server();
    logIn();
    renderApp('/pages/index/dashboard');
    const checks = await screen.findByTestId('action-pregnancy-checks');
    expect(within(checks).getByRole('link', { name: 'C1' })).toBeTruthy();
    expect(checks.textContent).toContain('overdue since');
    expect(screen.getByTestId('action-open-without-heat').textContent).toContain('120 days since calving');
    expect(screen.getByTestId('action-due-to-calve').textContent).toContain('None');
  });
});

describe('the reproduction targets in the settings', () => {
  const settingsServer = () => {
    const saved: FakeRequest[] = [];
    const api = stubFarmServer({
      'GET user/user/getsetting/7/F-100': () =>
        ok({ Ultrasonic: 40, Inspection: 60, Rectal: 60, Hormone: 51, External: 60 }),
      'GET common/common/getbosspassword': () => ok({ isSet: true }),
      'GET kpis/reproduction/settings': () =>
        ok({ voluntaryWaitingDays: 60, targets: DEFAULT_REPRODUCTION_KPI_TARGETS }),
      'PUT kpis/reproduction/settings': (request) => {
        saved.push(request);
        return ok(request.body);
      },
    });
    return { api, saved };
  };

  it('are entered in percent and saved as fractions', async () => {
    const { saved } = settingsServer();
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/userset');
    const conception = await screen.findByLabelText('Conception rate (≥)');
    expect((conception as HTMLInputElement).value).toBe('50');
    await user.clear(conception);
    await user.type(conception, '45');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({
      voluntaryWaitingDays: 60,
      targets: { conceptionRate: 0.45, daysOpen: 85 },
    });
  });

  it('refuses a target out of its bounds and saves nothing', async () => {
    const { saved } = settingsServer();
    logIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/pages/index/userset');
    const heat = await screen.findByLabelText('Heat detection rate (≥)');
    await user.clear(heat);
    await user.type(heat, '160');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(await screen.findByText('Enter a number from 0 to 100')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
