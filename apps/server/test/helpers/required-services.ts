import { describe, it } from 'vitest';

/**
 * Runs `suite` when the services it needs are configured (`missing` is undefined). Without them: in CI a
 * failing test, since a missing service there is a failure and never a silent skip; elsewhere a warning and
 * a skipped suite, so a laptop without Mosquitto or Redis can still run the rest.
 */
export const describeWithServices = (title: string, missing: string | undefined, suite: () => void): void => {
  if (missing === undefined) {
    describe(title, suite);
  } else if (process.env.CI) {
    it(title, () => {
      throw new Error(`CI is set but ${missing} is not: ${title} cannot be skipped`);
    });
  } else {
    console.warn(`${missing} is not set: ${title} is not tested`);
    describe.skip(`${title} (set ${missing})`, () => undefined);
  }
};
