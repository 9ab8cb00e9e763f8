import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Rules left out, each with its reason: none yet. */
const RULES_LEFT_OUT: string[] = [];

/**
 * Rules whose outcome no translation changes: colours are the theme's in every language. `accessibility.e2e.ts`
 * runs them in English; left out of the per-language runs, where `color-contrast` alone took half of axe's time.
 */
export const LANGUAGE_INDEPENDENT_RULES = ['color-contrast'];

/** axe-core's WCAG 2.1 A and AA checks on the page as it is, one line per rule and element that fails. */
export const violations = async (page: Page, alsoLeftOut: string[] = []): Promise<string[]> => {
  // A dialog fading in has its colours part-way: check what the user reads once it has settled.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  // Evaluated over the DevTools protocol, which the app's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  return page.evaluate(
    async (leftOut) => {
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
    },
    [...RULES_LEFT_OUT, ...alsoLeftOut],
  );
};
