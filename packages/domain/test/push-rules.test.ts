import { describe, expect, it } from 'vitest';
import { noticeGroupOfCode } from '../src/notice-codes';
import {
  DEFAULT_PUSH_CHOICES,
  DEFAULT_PUSH_CODES,
  SEVERE_PUSH_CODES,
  isKnownTimeZone,
  isWithinQuietHours,
  minuteOfDayIn,
  shouldPushNotice,
  type PushChoices,
} from '../src/push-rules';

const night: PushChoices = {
  codes: [101, 201, 203, 501],
  quietHours: { start: '22:00', end: '06:00' },
  severeDuringQuietHours: true,
  timeZone: 'Asia/Seoul',
};

// 23:30 in Seoul (UTC+9) is 14:30 UTC; 12:00 in Seoul is 03:00 UTC.
const seoulNight = new Date('2026-11-29T14:30:00Z');
const seoulNoon = new Date('2026-11-29T03:00:00Z');

describe('push choices', () => {
  it('defaults to the issue’s groups: estrus and window, moderate and severe fever, calving, sensor offline', () => {
    expect(DEFAULT_PUSH_CODES.map((code) => noticeGroupOfCode(code))).toEqual([
      'estrus',
      'estrus',
      'fever',
      'fever',
      'calving',
      'calving',
      'sensor',
    ]);
    expect(DEFAULT_PUSH_CODES).not.toContain(201);
    expect(DEFAULT_PUSH_CODES).not.toContain(702);
    expect(SEVERE_PUSH_CODES.every((code) => DEFAULT_PUSH_CODES.includes(code))).toBe(true);
  });

  it('reads the clock in the user’s zone, not UTC', () => {
    expect(minuteOfDayIn(seoulNight, 'Asia/Seoul')).toBe(23 * 60 + 30);
    expect(minuteOfDayIn(seoulNight, 'UTC')).toBe(14 * 60 + 30);
  });

  it('quiet hours over midnight hold from start to end, start included, end excluded', () => {
    const quiet = { start: '22:00', end: '06:00' };
    const at = (clock: string) => new Date(`2026-11-29T${clock}:00Z`);
    expect(isWithinQuietHours(at('22:00'), quiet, 'UTC')).toBe(true);
    expect(isWithinQuietHours(at('02:15'), quiet, 'UTC')).toBe(true);
    expect(isWithinQuietHours(at('06:00'), quiet, 'UTC')).toBe(false);
    expect(isWithinQuietHours(at('21:59'), quiet, 'UTC')).toBe(false);
    expect(isWithinQuietHours(at('12:00'), { start: '12:00', end: '13:30' }, 'UTC')).toBe(true);
    expect(isWithinQuietHours(at('13:30'), { start: '12:00', end: '13:30' }, 'UTC')).toBe(false);
    expect(isWithinQuietHours(at('12:00'), { start: '08:00', end: '08:00' }, 'UTC')).toBe(false);
    expect(isWithinQuietHours(at('12:00'), null, 'UTC')).toBe(false);
  });

  it('pushes only chosen codes, holds them in quiet hours, lets severe ones through when allowed', () => {
    expect(shouldPushNotice(night, 101, seoulNoon)).toBe(true);
    expect(shouldPushNotice(night, 102, seoulNoon)).toBe(false);
    expect(shouldPushNotice(night, 101, seoulNight)).toBe(false);
    expect(shouldPushNotice(night, 201, seoulNight)).toBe(false);
    expect(shouldPushNotice(night, 203, seoulNight)).toBe(true);
    expect(shouldPushNotice(night, 501, seoulNight)).toBe(true);
    expect(shouldPushNotice({ ...night, severeDuringQuietHours: false }, 203, seoulNight)).toBe(false);
    expect(shouldPushNotice(DEFAULT_PUSH_CHOICES, 203, seoulNight)).toBe(true);
  });

  it('knows real time zones only', () => {
    expect(isKnownTimeZone('Asia/Seoul')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
