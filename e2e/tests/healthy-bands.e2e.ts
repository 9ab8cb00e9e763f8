import { api } from '@cowcare/contract/api';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, callApi, farmCows } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

const HOUR = 3_600_000;
/** Notices of heats, temperature, activity, drinking and calving (architecture §6: groups 1-5). */
const STORY_CODES_BELOW = 600;
/** A story seen in this window still shapes her values (a fever lifts the hours after it). */
const STORY_HOURS = 36;

/** `Low: 1, Normal: 50, …` as the data tab's summary line says it. */
const countsOf = (summary: string): Map<string, number> =>
  new Map(
    summary.split(', ').map((part) => {
      const [label, count] = part.split(': ');
      return [label ?? '', Number(count)];
    }),
  );

describe.skipIf(skipReason() !== '')('healthy cows in the bands (decision 0013)', () => {
  const phone = phonePagePerTest();

  it('reads at least 90 % of the demo herd without a story Normal for temperature and for activity', async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    const { all: notices } = await callApi(session, api.notices.getNoticeData, {
      params: {
        country: session.user.country,
        FarmNumber: session.user.FarmNumber,
        phone: session.user.phone,
      },
    });
    const storyCows = new Set(
      notices
        .filter(
          (notice) =>
            notice.noticecode < STORY_CODES_BELOW &&
            Date.parse(notice.time) > Date.now() - STORY_HOURS * HOUR,
        )
        .flatMap((notice) => (notice.cowid === null ? [] : [notice.cowid])),
    );
    // Other browser tests feed sensors of their own and then put them on cows (cow-sensor's "put on a cow"):
    // those cows' values are the tests' readings, not the herd's, so they count with the stories.
    const testSensors = new Set(
      notices
        .filter((notice) => notice.noticecode === 703)
        .flatMap((notice) => (notice.sensor === null ? [] : [notice.sensor])),
    );
    for (const cow of await farmCows(session)) {
      if (cow.sensor !== null && testSensors.has(cow.sensor)) storyCows.add(cow.id);
    }

    await logInThroughScreen(phone.page);
    await phone.page.goto('/pages/index/data');
    const temperature = countsOf(
      (await phone.page.getByTestId('chart-temperature-bands-summary').textContent()) ?? '',
    );
    const activity = countsOf(
      (await phone.page.getByTestId('chart-activity-bands-summary').textContent()) ?? '',
    );

    for (const [counts, kind] of [
      [temperature, 'temperature'],
      [activity, 'activity'],
    ] as const) {
      const withReading = [...counts].reduce(
        (sum, [label, count]) => (label === 'No reading' ? sum : sum + count),
        0,
      );
      // Every story cow may be out of Normal; the others must be Normal nine times in ten (decision 0013
      // measured 98.8 % over a simulated day). Until stop 44 the demo gave one cow in nine a tempadd of 0.3
      // or 0.6, which read ten healthy cows Low in the evening: the seed gives none now.
      const withoutStory = withReading - storyCows.size;
      expect(withoutStory, `${kind}: cows with a reading and no story`).toBeGreaterThan(20);
      expect(counts.get('Normal'), `${kind}: ${[...counts].join(' ')}`).toBeGreaterThanOrEqual(
        Math.ceil(0.9 * withoutStory),
      );
      expect(counts.get('Low'), `${kind}: Low`).toBeLessThanOrEqual(
        storyCows.size + Math.floor(0.1 * withoutStory),
      );
    }
  });
});
