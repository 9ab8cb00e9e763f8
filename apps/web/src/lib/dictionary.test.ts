import { describe, expect, it } from 'vitest';
import { parseDictionaryName, toDictionaries, labelOf } from './dictionary';

describe('configuration dictionaries', () => {
  it('reads the ch, ko, en labels and the add-days from the comma list', () => {
    expect(parseDictionaryName('人工授精,인공수정,Artificial insemination,1')).toEqual({
      labels: { ch: '人工授精', ko: '인공수정', en: 'Artificial insemination' },
      addDays: 1,
    });
    expect(parseDictionaryName('正常分娩,정상 분만,Normal')).toEqual({
      labels: { ch: '正常分娩', ko: '정상 분만', en: 'Normal' },
      addDays: undefined,
    });
  });

  it('labels in the user’s language: ch, ko and en from the entry, the other six from the bundled labels', () => {
    const { disease } = toDictionaries([
      { id: 1, dbname: 'disease', code: 'foot-and-mouth', name: '口蹄疫,구제역,Foot-and-mouth disease' },
      { id: 2, dbname: 'disease', code: 'added-later', name: '新病,새 질병,New disease' },
    ]);
    const [known, unknown] = disease;
    if (!known || !unknown) throw new Error('no items');
    expect(labelOf(known, 'ch')).toBe('口蹄疫');
    expect(labelOf(known, 'ko')).toBe('구제역');
    expect(labelOf(known, 'en')).toBe('Foot-and-mouth disease');
    expect(labelOf(known, 'ru')).toBe('Ящур');
    expect(labelOf(known, 'vn')).toBe('Lở mồm long móng');
    // An entry added on the server before the app knows it keeps its English label.
    expect(labelOf(unknown, 'ru')).toBe('New disease');
  });
});
