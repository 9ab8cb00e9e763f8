import { describe, expect, it } from 'vitest';
import { catalog } from '../src/catalog';
import { en, enCountForms } from '../src/en';
import { ptyCountForms } from '../src/pty';
import { LANGUAGE_KEYS, MAIN_LANGUAGES } from '../src/languages';

const enKeys = Object.keys(en).sort();
const placeholders = (text: string) =>
  (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('translation catalog', () => {
  it('has a catalog for all nine languages', () => {
    expect(Object.keys(catalog).sort()).toEqual([...LANGUAGE_KEYS].sort());
  });

  it.each(MAIN_LANGUAGES)('%s has exactly the keys of en', (language) => {
    expect(Object.keys(catalog[language]).sort()).toEqual(enKeys);
  });

  it.each(LANGUAGE_KEYS)('%s has no empty value and no key unknown to en', (language) => {
    for (const [key, value] of Object.entries(catalog[language])) {
      expect(enKeys, `${language}: ${key} is not an en key`).toContain(key);
      expect(value.trim(), `${language}: ${key} is empty`).not.toBe('');
    }
  });

  it.each(LANGUAGE_KEYS)('%s keeps the interpolation placeholders of en', (language) => {
    for (const [key, value] of Object.entries(catalog[language])) {
      expect(placeholders(value), `${language}: ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
    }
  });

  it.each([
    ['en', enCountForms],
    ['pty', ptyCountForms],
  ])('gives each %s count form a counted key of en, and keeps its placeholders but {{count}}', (_, forms) => {
    for (const [key, value] of Object.entries(forms)) {
      const counted = key.replace(/_(zero|one)$/, '');
      expect(key, key).toMatch(/_(zero|one)$/);
      expect(enKeys, key).toContain(counted);
      const expected = placeholders(en[counted as keyof typeof en]).filter((name) => name !== '{{count}}');
      expect(
        placeholders(value).filter((name) => name !== '{{count}}'),
        key,
      ).toEqual(expected);
    }
  });

  it('uses flat dotted keys only', () => {
    for (const key of enKeys) expect(key).toMatch(/^[a-zA-Z]+(\.[A-Za-z0-9_]+)+$/);
  });
});
