import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

describe('counted lines', () => {
  it('says "1 cow" in English, and "2 cows"', () => {
    const { t } = createI18n('en');
    expect(t('herd.assign.title', { count: 1 })).toBe('Assign a type to 1 cow');
    expect(t('herd.assign.title', { count: 2 })).toBe('Assign a type to 2 cows');
    expect(t('notices.today.total', { count: 1 })).toBe('Today: 1 notice');
  });

  it("keeps another language's own line for a count of 1", () => {
    expect(createI18n('ko').t('herd.assign.title', { count: 1 })).toBe('소 1두에 유형 지정');
    expect(createI18n('ru').t('herd.assign.title', { count: 1 })).toBe('Назначить тип: 1 гол.');
  });
});
