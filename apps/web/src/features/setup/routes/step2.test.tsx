import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCow } from '../../../test/cows';
import { ok, stubFarmServer as server } from '../../../test/fake-api';
import { logIn, renderApp } from '../../../test/render';

describe('setup wizard, step 2: sensors', () => {
  it('explains the two kinds and keeps the valid ids for step 3', async () => {
    server({ 'GET common/common/getCowsData/KR/F-100': () => ok([makeCow({ code: 'C1', sensor: 40001 })]) });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/step2');
    expect(await screen.findByText('Neck collar: id 40000 or above')).toBeTruthy();
    await user.type(screen.getByLabelText(/Sensor ids/), '40002 1203 40001 x1');
    await user.click(screen.getByRole('button', { name: 'Add sensors' }));
    expect(screen.getAllByTestId('setup-sensor').map((row) => row.textContent)).toEqual([
      '40002Neck',
      '1203Pill',
    ]);
    const alert = within(screen.getByText('Not added').closest('[role="alert"]') as HTMLElement);
    expect(alert.getByText(/This sensor is already worn by cow C1/)).toBeTruthy();
    expect(alert.getByText(/The sensor id is a number/)).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem('cowcare.setup.sensors') ?? '[]')).toEqual([40002, 1203]);
  });
});
