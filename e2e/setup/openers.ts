import type { Page } from 'playwright-core';
import { textOf, type MessageKey } from '@cowcare/locales/catalog';
import type { LanguageKey } from '@cowcare/locales/languages';

/** Something the user opens on a screen: a dialog, a menu, a list, a form's errors. */
export interface Opener {
  name: string;
  path: string;
  open: (page: Page) => Promise<void>;
}

/**
 * What a key reads in a language, as the screen shows it: a key with a value in it ("Delete {{name}}")
 * matches any value there; `prefix` also matches what follows (a count badge beside "Filter").
 */
const shownAs = (language: LanguageKey, key: MessageKey, prefix = false): string | RegExp => {
  const text = textOf(language, key);
  if (!prefix && !text.includes('{{')) return text;
  const escaped = text
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${escaped}${prefix ? '' : '$'}`);
};

/** Taps the (first) button of that name, then waits for what it opens. */
const tapOpens =
  (button: string | RegExp, shown: 'dialog' | 'menu' | 'listbox' | ((page: Page) => Promise<void>)) =>
  async (page: Page): Promise<void> => {
    await page
      .getByRole('button', { name: button, exact: typeof button === 'string' })
      .first()
      .click();
    await (typeof shown === 'string' ? page.getByRole(shown).waitFor() : shown(page));
  };

/**
 * Every dialog and menu a farm user opens, and the forms' error messages, found by their names in the
 * user's language; none of them saves anything. `cowPath` is a cow wearing a sensor (her charts' form).
 */
export const openers = (cowPath: string, language: LanguageKey = 'en'): Opener[] => {
  const named = (key: MessageKey, prefix = false) => shownAs(language, key, prefix);
  return [
    { name: 'cow filter drawer', path: '/', open: tapOpens(named('herd.filter.open', true), 'dialog') },
    { name: 'more menu', path: '/', open: tapOpens(named('herd.list.more'), 'menu') },
    {
      name: 'assign a type',
      path: '/',
      open: async (page) => {
        await page
          .getByRole('checkbox', { name: named('herd.list.select') })
          .first()
          .check();
        await tapOpens(named('herd.list.assignType'), 'dialog')(page);
      },
    },
    { name: 'edit cow info', path: cowPath, open: tapOpens(named('herd.edit.open'), 'dialog') },
    {
      name: 'eliminate confirmation',
      path: cowPath,
      open: tapOpens(named('herd.force.eliminate'), 'dialog'),
    },
    {
      name: 'force-change status list',
      path: cowPath,
      open: async (page) => {
        await page.getByRole('combobox', { name: named('herd.force.changeLabel') }).click();
        await page.getByRole('listbox').waitFor();
      },
    },
    {
      name: 'alert lines form',
      path: cowPath,
      open: tapOpens(named('charts.alerts.title'), (page) =>
        page.getByRole('button', { name: named('charts.alerts.save') }).waitFor(),
      ),
    },
    {
      name: 'add a cow type',
      path: '/pages/index/levsyt',
      open: tapOpens(named('herd.types.add'), 'dialog'),
    },
    {
      name: 'delete a cow type confirmation',
      path: '/pages/index/levsyt',
      open: tapOpens(named('herd.types.delete'), 'dialog'),
    },
    {
      name: 'management password',
      path: '/pages/index/userset',
      open: tapOpens(named('settings.save'), 'dialog'),
    },
    {
      name: 'password form errors',
      path: '/pages/index/webuser',
      open: tapOpens(named('account.password.submit'), (page) =>
        page.getByText(textOf(language, 'account.password.required')).waitFor(),
      ),
    },
    {
      name: 'add-cow form errors',
      path: '/pages/index/addcows',
      open: async (page) => {
        await page.locator('button[type="submit"]').click();
        await page.locator('[id$="-error"]').first().waitFor();
      },
    },
  ];
};
