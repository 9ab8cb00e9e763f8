import type { Notice } from '@cowcare/contract/routes/notices';
import { noticeGroupOfCode, noticeGroupWireValue } from '@cowcare/domain/notice-codes';

let nextId = 1;

/**
 * A notice as getNoticeData lists it: unread, a slight fever (201) of cow 5 now, no details. Its code, group
 * and sensor follow the cow and the code given (cow 5 is C5 on neck sensor 40005).
 */
export function makeNotice(overrides: Partial<Notice> = {}): Notice {
  const cowid = overrides.cowid === undefined ? 5 : overrides.cowid;
  const noticecode = overrides.noticecode ?? 201;
  const group = noticeGroupOfCode(noticecode);
  return {
    id: nextId++,
    cowid,
    code: cowid === null ? null : `C${cowid}`,
    sensor: cowid === null ? null : 40000 + cowid,
    noticecode,
    time: new Date().toISOString(),
    group: group ? noticeGroupWireValue(group) : String(noticecode),
    details: {},
    readed: 0,
    ...overrides,
  };
}

/** An ISO moment `hours` after `from` (before it when negative). */
export const hoursFrom = (from: number, hours: number): string =>
  new Date(from + hours * 3_600_000).toISOString();
