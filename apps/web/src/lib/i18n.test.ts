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

  it('counts in Portuguese by its own rule, whatever the browser speaks: 0 and 1 singular', () => {
    const { t, language } = createI18n('pty');
    expect(language).toBe('pt');
    expect(t('herd.list.selected', { count: 1 })).toBe('1 selecionada');
    expect(t('herd.list.selected', { count: 2 })).toBe('2 selecionadas');
    expect(t('herd.cow.ageMonths', { count: 1 })).toBe('1 mês');
    expect(t('notices.today.total', { count: 0 })).toBe('Hoje: 0 aviso');
    expect(t('notices.today.total', { count: 21 })).toBe('Hoje: 21 avisos');
  });

  it('says there is nothing, rather than "0 cows", where a line has a zero form', () => {
    const { t } = createI18n('en');
    expect(t('herd.search.hint', { count: 0 })).toBe('The farm has no cows to search yet.');
    expect(createI18n('pty').t('herd.types.deleteMessage', { count: 0 })).toBe(
      'Deseja excluir este tipo? Ele não tem vacas. As cobranças já feitas continuam na carteira.',
    );
    // A language without that form keeps its counted line.
    expect(createI18n('ko').t('herd.search.hint', { count: 0 })).not.toContain('The farm');
  });
});
