import { describe, expect, it } from 'vitest';
import type { Notice } from '@cowcare/contract/routes/notices';
import { NOTICE_GROUPS } from '@cowcare/domain/notice-codes';
import { mergeNoticeLists } from '../../../lib/notice-lists';
import { filterNotices, INITIAL_NOTICE_FILTER, noticeDay, unreadCount } from './notice-filter';

let nextId = 1;
const notice = (overrides: Partial<Notice> = {}): Notice => ({
  id: nextId++,
  cowid: 5,
  code: 'C1042',
  sensor: 40001,
  noticecode: 201,
  time: '2025-06-01T10:00:00Z',
  group: '201-202-203-204',
  details: {},
  readed: 0,
  ...overrides,
});

const ids = (list: Notice[]) => list.map((item) => item.id);

describe('notice filter (spec §4)', () => {
  it('starts with everything checked and shows every notice', () => {
    const all = [notice(), notice({ sensor: 12 }), notice({ noticecode: 601 }), notice({ sensor: null })];
    expect(INITIAL_NOTICE_FILTER.groups).toEqual(NOTICE_GROUPS);
    expect(INITIAL_NOTICE_FILTER.sensorKinds).toEqual(['neck', 'pill']);
    expect(filterNotices(all, INITIAL_NOTICE_FILTER)).toHaveLength(4);
  });

  it('splits sensor kinds at 40000: 40000 is neck, 39999 is pill', () => {
    const neck = notice({ sensor: 40000 });
    const pill = notice({ sensor: 39999 });
    const farm = notice({ sensor: null, cowid: null, code: null, noticecode: 1101 });
    const list = [neck, pill, farm];
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, sensorKinds: ['neck'] }))).toEqual([
      neck.id,
      farm.id,
    ]);
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, sensorKinds: ['pill'] }))).toEqual([
      pill.id,
      farm.id,
    ]);
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, sensorKinds: [] }))).toEqual([farm.id]);
  });

  it('hides every code of an unchecked group', () => {
    const fevers = [201, 202, 203, 204].map((noticecode) => notice({ noticecode }));
    const estrus = notice({ noticecode: 101 });
    const low = notice({ noticecode: 211 });
    const groups = NOTICE_GROUPS.filter((group) => group !== 'fever');
    expect(ids(filterNotices([...fevers, estrus, low], { ...INITIAL_NOTICE_FILTER, groups }))).toEqual([
      estrus.id,
      low.id,
    ]);
  });

  it('matches the cow id keyword in the code or the id, any case', () => {
    const a = notice({ code: 'C1042', cowid: 77 });
    const b = notice({ code: 'C2000', cowid: 1042 });
    const c = notice({ code: 'C3000', cowid: 9 });
    const farm = notice({ code: null, cowid: null });
    const list = [a, b, c, farm];
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, keyword: 'c104' }))).toEqual([a.id]);
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, keyword: '1042' }))).toEqual([a.id, b.id]);
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, keyword: ' ' }))).toHaveLength(4);
  });

  it('keeps the notices of the chosen day (the device day), or of a month', () => {
    // Noon UTC is the same calendar day in every time zone from -11 to +11.
    const june1 = notice({ time: '2025-06-01T12:00:00Z' });
    const june2 = notice({ time: '2025-06-02T12:00:00Z' });
    const july = notice({ time: '2025-07-02T12:00:00Z' });
    expect(noticeDay(june1)).toBe('2025-06-01');
    const list = [june1, june2, july];
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, date: '2025-06-02' }))).toEqual([june2.id]);
    expect(ids(filterNotices(list, { ...INITIAL_NOTICE_FILTER, date: '2025-06' }))).toEqual([
      june1.id,
      june2.id,
    ]);
  });

  it('merges unread and history newest first and counts unread once', () => {
    const old = notice({ time: '2025-05-01T00:00:00Z', readed: 1 });
    const fresh = notice({ time: '2025-06-03T00:00:00Z' });
    expect(ids(mergeNoticeLists([fresh], [fresh, old]))).toEqual([fresh.id, old.id]);
    expect(unreadCount([fresh], [fresh, old], [notice()])).toBe(2);
  });
});
