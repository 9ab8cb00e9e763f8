import { describe, expect, it } from 'vitest';
import { labelColumn } from './category-bar-chart';
import { fitLines, textWidth } from './label-fit';

describe('textWidth', () => {
  it('counts Chinese, Japanese and Korean letters as a full em, and Thai marks as nothing', () => {
    expect(textWidth('繁殖のリマインダー', 11)).toBe(99);
    expect(textWidth('번식 알림', 10)).toBe(43.5);
    expect(textWidth('Fever', 10)).toBe(30);
    // ที่ is a consonant with a vowel and a tone mark above it: one letter's width.
    expect(textWidth('ที่', 10)).toBe(6);
  });
});

describe('fitLines', () => {
  it('keeps a name that fits on one line whole', () => {
    expect(fitLines('繁殖のリマインダー', 124, 11, 'ja')).toEqual(['繁殖のリマインダー']);
  });

  it('breaks a long name where the language allows, then ends it with an ellipsis', () => {
    expect(fitLines('Lembrete de reprodução e de parto', 80, 11, 'pt')).toEqual([
      'Lembrete de',
      'reprodução…',
    ]);
    expect(fitLines('繁殖のリマインダーと分娩の予定', 66, 11, 'ja')).toEqual(['繁殖の', 'リマインダ…']);
  });
});

describe('labelColumn', () => {
  it('gives a Japanese name the room it is drawn in, not the room of as many Latin letters', () => {
    const bars = [
      { label: '発情検知', value: 2 },
      { label: '繁殖のリマインダー', value: 3 },
    ];
    const column = labelColumn(bars, 'ja');
    expect(column.width).toBe(107);
    expect(column.lines.get('繁殖のリマインダー')).toEqual(['繁殖のリマインダー']);
  });

  it('stays within a phone’s share for a long name, which wraps instead', () => {
    const long = 'Cows waiting for their pregnancy check after insemination';
    const column = labelColumn([{ label: long, value: 1 }], 'en');
    expect(column.width).toBeLessThanOrEqual(132);
    expect(column.lines.get(long)?.length).toBe(2);
  });
});
