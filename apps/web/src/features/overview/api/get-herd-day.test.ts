import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { logIn } from '../../../test/render';
import { getHerdDay } from './get-herd-day';

const sensors = Array.from({ length: 200 }, (_, index) => 40001 + index);

describe('getHerdDay', () => {
  it('asks the server once for the whole herd, with the farm and the device’s day', async () => {
    const answer = {
      sensors: 200,
      reported: 198,
      hours: [{ time: '2025-06-01T00:00:00+09:00', temp: 38.5, activity: 10, sensors: 198 }],
    };
    const api = fakeApi({ 'POST gpko/herdhourly': () => ok(answer) });
    vi.stubGlobal('fetch', api.fetch);
    logIn();
    expect(await getHerdDay({ sensors, city: 'Hongseong', country: 'KR', day: '2025-06-01' })).toEqual(
      answer,
    );
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.body).toEqual({
      city: 'Hongseong',
      country: 'KR',
      timedate: expect.stringMatching(/^2025-06-01T12:00:00[+-]\d{2}:\d{2}$/) as unknown,
    });
  });

  it("fails with 'Invalid payload' without sending when the farm has no city", async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    logIn();
    await expect(getHerdDay({ sensors, city: '', country: 'KR', day: '2025-06-01' })).rejects.toThrow(
      'Invalid payload',
    );
    expect(api.requests).toEqual([]);
  });
});
