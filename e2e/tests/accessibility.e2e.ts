import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, farmCows } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Rules left out, each with its reason: none yet. */
const RULES_LEFT_OUT: string[] = [];

/** axe-core's WCAG 2.1 A and AA checks on the page as it is, one line per rule and element that fails. */
const violations = async (page: Page): Promise<string[]> => {
  // Evaluated over the DevTools protocol, which the app's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  return page.evaluate(async (leftOut) => {
    interface AxeResult {
      violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
    }
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: Object.fromEntries(leftOut.map((rule) => [rule, { enabled: false }])),
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} ${node.target.join(' ')}: ${(node.failureSummary ?? '').split('\n')[1] ?? ''}`,
      ),
    );
  }, RULES_LEFT_OUT);
};

describe.skipIf(skipReason() !== '')('accessibility of the main screens', () => {
  const phone = phonePagePerTest();
  let cowPath: string;

  beforeAll(async () => {
    const [cow] = await farmCows(await apiLogIn(baseUrl(), DEMO));
    if (!cow) throw new Error('the demo farm has no cows');
    cowPath = `/pages/index/cow?id=${cow.id}`;
  });

  it('passes the WCAG 2.1 AA checks of axe-core: contrast, names, focus', async () => {
    await logInThroughScreen(phone.page);
    const found: string[] = [];
    for (const path of [
      '/',
      '/pages/index/notice',
      '/pages/index/data',
      '/pages/index/dashboard',
      '/pages/index/ckcom',
      cowPath,
      '/pages/index/wallet',
      '/pages/index/webuser',
    ]) {
      await phone.page.goto(path);
      await phone.page.waitForLoadState('networkidle');
      found.push(...(await violations(phone.page)).map((line) => `${path}: ${line}`));
    }
    expect(found).toEqual([]);
  });
});
