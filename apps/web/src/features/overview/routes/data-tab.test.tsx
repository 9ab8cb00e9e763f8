import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeCow, withActivity, withFever } from '../../../test/cows';
import { fakeApi, ok } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

function server() {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getCowsData/KR/F-100': () =>
      ok([
        makeCow({ code: 'C1', ...withFever(0), ...withActivity(0) }),
        makeCow({ code: 'C2', ...withFever(0.5), ...withActivity(-20) }),
        makeCow({ code: 'C3', ...withFever(1.6), ...withActivity(15) }),
        makeCow({ code: 'C4', ...withFever(-0.6), sensorzt: 0 }),
        makeCow({ code: 'C5', temp_current: null, activity_current: null }),
        makeCow({ code: 'C6', status: '도태', ...withFever(2) }),
      ]),
    'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
    'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
    'GET common/common/getNoticeDatabtd/KR/F-100/010-1234-5678': () =>
      ok({
        tdcnlist: [
          { group: '101-102-103', count: 2 },
          { group: '201-202-203', count: 3 },
          { group: '701-702-703', count: 1 },
        ],
      }),
  });
  vi.stubGlobal('fetch', api.fetch);
}

describe('data tab', () => {
  it('counts the cows by temperature and activity band and today’s notices by group', async () => {
    server();
    logIn();
    renderApp('/pages/index/data');
    expect((await screen.findByTestId('kpi-cows')).textContent).toBe('5');
    expect(screen.getByTestId('kpi-fevers').textContent).toBe('2');
    expect(screen.getByTestId('kpi-online').textContent).toBe('4');
    expect(screen.getByTestId('chart-temperature-bands-summary').textContent).toBe(
      'Low: 1, Normal: 1, Slight: 1, Moderate: 0, Severe: 1, No reading: 1',
    );
    expect(screen.getByTestId('chart-activity-bands-summary').textContent).toBe(
      'Low: 1, Normal: 2, High: 1, No reading: 1',
    );
    expect(await screen.findByText(/^Estrus: 2, Fever: 3, Low temperature: 0/)).toBeTruthy();
    expect(screen.getByTestId('kpi-heats').textContent).toBe('2');
  });

  it('lists the cows needing attention on the overview list', async () => {
    server();
    logIn();
    renderApp('/pages/overviews/list');
    const rows = await screen.findAllByTestId('attention-row');
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual(['C3', 'C2', 'C4']);
  });
});
