import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dataTimeText, oldestShownData } from './offline-banner';

describe('the time of the data in the offline mark', () => {
  const now = new Date(2026, 10, 28, 16, 0);

  it('is the hour and minute for data of today, in the language of the user', () => {
    expect(dataTimeText(new Date(2026, 10, 28, 14, 5).getTime(), 'en-GB', now)).toBe('14:05');
    expect(dataTimeText(new Date(2026, 10, 28, 14, 5).getTime(), 'en-US', now)).toBe('02:05 PM');
  });

  it('names the day for older data', () => {
    expect(dataTimeText(new Date(2026, 10, 27, 9, 30).getTime(), 'en-GB', now)).toBe('27 Nov, 09:30');
  });

  it('is the oldest of the kept data the screens show, not of what is cached but not shown', () => {
    const client = new QueryClient();
    client.setQueryData(['cows', 'KR', 'F-100'], [], { updatedAt: 2_000 });
    client.setQueryData(['cow', 12], {}, { updatedAt: 3_000 });
    client.setQueryData(['cow', 13], {}, { updatedAt: 1_000 });
    client.setQueryData(['wallet', 7], {}, { updatedAt: 500 });
    const shown = [
      ['cows', 'KR', 'F-100'],
      ['cow', 12],
      ['wallet', 7],
    ].map((queryKey) =>
      new QueryObserver(client, { queryKey, queryFn: () => ({}), staleTime: Infinity }).subscribe(
        () => undefined,
      ),
    );
    expect(oldestShownData(client)).toBe(2_000);
    for (const off of shown) off();
    expect(oldestShownData(client)).toBe(0);
  });
});
