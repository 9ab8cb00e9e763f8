import type { NoticeGroup } from '@cowcare/domain/notice-codes';

/**
 * One colour per kind of alert, wherever an alert is named (the notice tab's labels, the attention list's
 * reasons), so a farmer learns it once: red is fever, pink heat, grey a sensor.
 */
export const NOTICE_GROUP_COLORS: Record<NoticeGroup, string> = {
  estrus: 'pink',
  fever: 'red',
  lowTemperature: 'blue',
  activity: 'orange',
  drinking: 'cyan',
  calving: 'grape',
  reproductionReminders: 'violet',
  sensor: 'gray',
  healthFollowUp: 'teal',
  account: 'yellow',
  platform: 'indigo',
};
