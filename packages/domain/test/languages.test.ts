import { describe, it, expect } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_BCP47_TAGS,
  LANGUAGE_KEYS,
  LANGUAGE_NATIVE_NAMES,
  MANDATORY_LANGUAGES,
  isLanguageKey,
  isMandatoryLanguage,
  translationColumnOf,
  type LanguageKey,
} from '../src/languages';

describe('languages', () => {
  it('lists the nine keys in the spec order, en by default, ch ko en mandatory', () => {
    expect(LANGUAGE_KEYS).toEqual(['ch', 'ko', 'en', 'pty', 'rb', 'ru', 'th', 'idn', 'vn']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(MANDATORY_LANGUAGES).toEqual(['ch', 'ko', 'en']);
  });

  it.each<[LanguageKey, string, string, string, boolean]>([
    ['ch', 'zh-CN', '简体中文', 'chname', true],
    ['ko', 'ko-KR', '한국어', 'koname', true],
    ['en', 'en', 'English', 'enname', true],
    ['pty', 'pt', 'Português', 'ptyname', false],
    ['rb', 'ja', '日本語', 'rbname', false],
    ['ru', 'ru', 'Русский', 'runame', false],
    ['th', 'th', 'ไทย', 'thname', false],
    ['idn', 'id', 'Bahasa Indonesia', 'idnname', false],
    ['vn', 'vi', 'Tiếng Việt', 'vnname', false],
  ])('%s: %s, %s, column %s, mandatory %s', (key, tag, nativeName, column, mandatory) => {
    expect(LANGUAGE_BCP47_TAGS[key]).toBe(tag);
    expect(LANGUAGE_NATIVE_NAMES[key]).toBe(nativeName);
    expect(translationColumnOf(key)).toBe(column);
    expect(isMandatoryLanguage(key)).toBe(mandatory);
  });

  it.each<[unknown, boolean]>([
    ['ch', true],
    ['vn', true],
    ['zh', false],
    ['EN', false],
    ['en-US', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('isLanguageKey(%j) is %s', (value, expected) => {
    expect(isLanguageKey(value)).toBe(expected);
  });
});
