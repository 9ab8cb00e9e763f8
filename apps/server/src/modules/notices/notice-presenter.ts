import { api } from '@cowcare/contract/api';
import { apiPath, fillPath } from '@cowcare/contract/route';
import type { Notice } from '@cowcare/contract/routes/notices';
import { noticeGroupOfCode, noticeGroupWireValue } from '@cowcare/domain/notice-codes';
import type { NoticeRow } from './notices-repository';

/** The group as the notice filter sends it; a code outside architecture §6 is its own group. */
export const noticeGroupValue = (code: number): string => {
  const group = noticeGroupOfCode(code);
  return group === undefined ? String(code) : noticeGroupWireValue(group);
};

export const presentNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  cowid: row.cowId,
  code: row.cowCode,
  sensor: row.sensorId,
  noticecode: row.code,
  time: row.occurredAt,
  group: noticeGroupValue(row.code),
  details: row.details,
  readed: row.read ? 1 : 0,
  ...(row.snapshot && {
    snapshot: {
      ...row.snapshot,
      url:
        row.snapshot.state === 'taken'
          ? apiPath({ path: fillPath(api.cameras.noticeSnapshot.path, { noticeId: row.id }) })
          : null,
    },
  }),
});
