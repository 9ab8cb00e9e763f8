import { describe, expect, it } from 'vitest';
import { catalog } from '../src/catalog';
import { en, enSingulars } from '../src/en';
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

  it('gives each English singular a counted key of en, and keeps its placeholders but {{count}}', () => {
    for (const [key, value] of Object.entries(enSingulars)) {
      const counted = key.replace(/_one$/, '');
      expect(key, key).toMatch(/_one$/);
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
