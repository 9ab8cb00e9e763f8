import { describe, expect, it } from 'vitest';
import type { Gateway, InventorySensor } from '@cowcare/contract/routes/gateways';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import { makeCow } from '../../../test/cows';
import { nextSetupItem, setupProgressOf } from './setup-progress';

const gateway = (overrides: Partial<Gateway> = {}): Gateway => ({
  id: 1,
  name: 'Barn 1',
  username: 'gw-f100-1',
  online: false,
  lastSeenAt: null,
  lastAddress: null,
  storedToday: 0,
  refusedToday: 0,
  topRefusal: null,
  firstReading: null,
  createdAt: '2025-06-01T08:00:00Z',
  ...overrides,
});

const sensor = (id: number, overrides: Partial<InventorySensor> = {}): InventorySensor => ({
  sensor: id,
  kind: id >= 40000 ? 'neck' : 'pill',
  cowId: null,
  cowCode: null,
  registeredAt: '2025-06-01T08:00:00Z',
  firstReadingAt: null,
  lastReadingAt: null,
  ...overrides,
});

const doneKeys = (progress: ReturnType<typeof setupProgressOf>) =>
  progress.items.filter((item) => item.done).map((item) => item.key);

describe('setup progress on the welcome', () => {
  it('a farm just registered has only its farm: the next step is adding a gateway on step 2', () => {
    const progress = setupProgressOf({ gateways: [], sensors: [], cows: [] });
    expect(doneKeys(progress)).toEqual(['farm']);
    expect(progress.done).toBe(1);
    expect(nextSetupItem(progress)).toEqual({ key: 'gateway', done: false, path: '/pages/index/step2' });
  });

  it('a gateway and sensors without a reading yet wait for the first reading', () => {
    const progress = setupProgressOf({
      gateways: [gateway()],
      sensors: [sensor(47001), sensor(30001)],
      cows: [],
    });
    expect(doneKeys(progress)).toEqual(['farm', 'gateway', 'sensors']);
    expect(progress.sensors).toBe(2);
    expect(nextSetupItem(progress)?.key).toBe('firstReading');
  });

  it('takes the earliest first reading of the gateways and the sensors', () => {
    const progress = setupProgressOf({
      gateways: [gateway({ firstReading: { sensor: 47001, at: '2025-06-02T09:00:00Z' } })],
      sensors: [sensor(30001, { firstReadingAt: '2025-06-02T08:30:00Z' })],
      cows: [],
    });
    expect(progress.firstReading).toEqual({ sensor: 30001, at: '2025-06-02T08:30:00Z' });
    expect(nextSetupItem(progress)).toEqual({ key: 'cows', done: false, path: '/pages/index/step3' });
  });

  it('counts the kept cows wearing a sensor; a culled cow does not count, and a set-up farm has no next step', () => {
    const cows = [
      makeCow({ sensor: 47001 }),
      makeCow({ sensor: null }),
      makeCow({ sensor: 47002, status: storedStatusValue('culled') }),
    ];
    const progress = setupProgressOf({
      gateways: [gateway({ firstReading: { sensor: 47001, at: '2025-06-02T09:00:00Z' } })],
      sensors: [sensor(47001)],
      cows,
    });
    expect(progress.cows).toBe(2);
    expect(progress.cowsWearing).toBe(1);
    expect(progress.done).toBe(5);
    expect(nextSetupItem(progress)).toBeUndefined();
  });

  it('for staff, who cannot list gateways, a reading that arrived shows a gateway is there', () => {
    const waiting = setupProgressOf({ gateways: null, sensors: [sensor(47001)], cows: [] });
    expect(waiting.gateways).toBeNull();
    expect(doneKeys(waiting)).toEqual(['farm', 'sensors']);
    const reading = setupProgressOf({
      gateways: null,
      sensors: [sensor(47001, { firstReadingAt: '2025-06-02T08:30:00Z' })],
      cows: [],
    });
    expect(doneKeys(reading)).toEqual(['farm', 'gateway', 'sensors', 'firstReading']);
  });
});
