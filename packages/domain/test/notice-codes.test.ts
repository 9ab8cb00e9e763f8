import { describe, it, expect } from 'vitest';
import {
  NOTICE_GROUPS,
  NOTICE_GROUP_DEFINITIONS,
  noticeCodeName,
  noticeGroupOfCode,
  noticeGroupWireValue,
  parseNoticeGroupWireValue,
  type NoticeGroup,
} from '../src/notice-codes';

const WIRE_VALUES: [NoticeGroup, number, string][] = [
  ['estrus', 1, '101-102-103'],
  ['fever', 2, '201-202-203-204'],
  ['lowTemperature', 3, '211-212-213'],
  ['activity', 4, '301-302-303-304-305-306'],
  ['drinking', 5, '401-402'],
  ['calving', 6, '501-502'],
  ['reproductionReminders', 7, '601-602-603'],
  ['sensor', 8, '701-702-703'],
  ['healthFollowUp', 9, '801'],
  ['account', 10, '901-902-903'],
  ['platform', 11, '1101-1102'],
];

describe('notice groups', () => {
  it('has the 11 groups in table order', () => {
    expect(NOTICE_GROUPS).toEqual(WIRE_VALUES.map(([group]) => group));
  });

  it.each(WIRE_VALUES)('%s is group %s with wire value %s, parsed back', (group, number, wire) => {
    expect(NOTICE_GROUP_DEFINITIONS[group].number).toBe(number);
    expect(noticeGroupWireValue(group)).toBe(wire);
    expect(parseNoticeGroupWireValue(wire)).toBe(group);
  });

  it.each<[number, NoticeGroup | undefined]>([
    [101, 'estrus'],
    [103, 'estrus'],
    [203, 'fever'],
    [204, 'fever'],
    [213, 'lowTemperature'],
    [305, 'activity'],
    [211, 'lowTemperature'],
    [303, 'activity'],
    [402, 'drinking'],
    [502, 'calving'],
    [601, 'reproductionReminders'],
    [703, 'sensor'],
    [801, 'healthFollowUp'],
    [903, 'account'],
    [1102, 'platform'],
    [104, undefined],
    [200, undefined],
    [205, undefined],
    [306, 'activity'],
    [307, undefined],
    [0, undefined],
  ])('code %s belongs to %s', (code, group) => {
    expect(noticeGroupOfCode(code)).toBe(group);
  });

  it.each([
    [101, 'Estrus detected'],
    [203, 'Severe fever'],
    [304, 'Activity above your alert line'],
    [702, 'Sensor back online'],
    [1102, 'App update available'],
    [999, undefined],
  ])('code %s is named %s', (code, name) => {
    expect(noticeCodeName(code)).toBe(name);
  });

  it.each<[string, NoticeGroup | undefined]>([
    ['203-201-202-204', 'fever'],
    ['201-202', undefined],
    // The fever group before the alert lines joined it: part of today's group, not a filter this app sends.
    ['201-202-203', undefined],
    ['201-202-203-204-211', undefined],
    ['201-202-999', undefined],
    ['999', undefined],
    ['', undefined],
    ['201--202-203-204', undefined],
    ['201,202,203,204', undefined],
    [' 801', undefined],
  ])('parses %j as %s', (wire, group) => {
    expect(parseNoticeGroupWireValue(wire)).toBe(group);
  });
});
