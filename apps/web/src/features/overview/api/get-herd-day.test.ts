import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { logIn } from '../../../test/render';
import { getHerdDay } from './get-herd-day';

describe('getHerdDay', () => {
  it('asks every sensor, never more than four at once', async () => {
    let inFlight = 0;
    let most = 0;
    const api = fakeApi({
      'POST gpko/hotactivity': async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return ok([{ time: '2025-06-01T00:00:00Z', temp: 38.5, activity: 10 }]);
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    logIn();
    const sensors = Array.from({ length: 10 }, (_, index) => 40001 + index);
    const day = await getHerdDay({ sensors, city: 'Hongseong', country: 'KR', day: '2025-06-01' });
    expect(day).toMatchObject({ read: 10, failed: 0 });
    expect(most).toBe(4);
    expect(api.requests.map((request) => (request.body as { id: number }).id).sort()).toEqual(sensors);
  });

  it("fails with 'Invalid payload' without sending when the farm has no city", async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    logIn();
    await expect(
      getHerdDay({ sensors: [40001, 40002], city: '', country: 'KR', day: '2025-06-01' }),
    ).rejects.toThrow('Invalid payload');
    expect(api.requests).toEqual([]);
  });
});
