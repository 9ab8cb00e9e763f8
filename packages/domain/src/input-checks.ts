// The generic input checks of spec §5. Every check takes the text as typed and rejects the empty string and
// surrounding spaces: whether a field is required, and trimming, are the form's decisions.

import { isCalendarDate, parseCalendarDate } from './calendar-date';

const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** RFC 5321 limit on a whole address. */
const EMAIL_MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Mainland China mobile: 1, then 2-9, then 9 digits. */
export function isMainlandMobileNumber(value: string): boolean {
  return /^1[2-9]\d{9}$/.test(value);
}

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// rtsp is accepted because camera streams are addressed that way.
const URL_PATTERN = new RegExp(
  `^(?:https?|ftp|rtsp)://(?:[^\\s:@/]+(?::[^\\s@/]*)?@)?` +
    `(?:localhost|(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}|(?:${HOST_LABEL}\\.)+[A-Za-z]{2,63})` +
    `(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
);

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** 'YYYY-MM-DD' naming a real day (no 2023-02-29). */
export function isDate(value: string): boolean {
  return isCalendarDate(value);
}

/** Decimal number text, optionally signed, with an optional exponent. */
export function isNumber(value: string): boolean {
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(value);
}

export function isDigits(value: string): boolean {
  return /^\d+$/.test(value);
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CARD_CHECK_CHARACTERS = '10X98765432';

/**
 * 18-character PRC resident id: 6-digit region, a real birth date (1800-2099), 3-digit sequence and the
 * ISO 7064 MOD 11-2 check character. A lower-case x is accepted because phone keyboards offer it first.
 */
export function isIdCardNumber(value: string): boolean {
  const match = /^[1-9]\d{5}((?:18|19|20)\d{2})(\d{2})(\d{2})\d{3}[\dXx]$/.exec(value);
  if (!match || !parseCalendarDate(`${match[1]}-${match[2]}-${match[3]}`)) return false;
  let sum = 0;
  ID_CARD_WEIGHTS.forEach((weight, index) => {
    sum += Number(value[index]) * weight;
  });
  return ID_CARD_CHECK_CHARACTERS[sum % 11] === value[17]?.toUpperCase();
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
// I and O are never used in plate serials, to avoid confusion with 1 and 0.
const PLATE_SERIAL = 'A-HJ-NP-Z0-9';
const ORDINARY_PLATE = new RegExp(`^[${PROVINCES}][A-Z][${PLATE_SERIAL}]{4}[${PLATE_SERIAL}挂学警港澳]$`);
// New-energy plates have 8 characters: small vehicles put the energy letter first (D/F since 2016, plus
// A-C/E and G-K since 2021), large vehicles put D/F last.
const NEW_ENERGY_PLATE = new RegExp(`^[${PROVINCES}][A-Z](?:[A-HJK][${PLATE_SERIAL}]\\d{4}|\\d{5}[DF])$`);

export function isCarPlate(value: string): boolean {
  return ORDINARY_PLATE.test(value) || NEW_ENERGY_PLATE.test(value);
}

/** Non-negative money with at most 2 decimals and no leading zeros or thousands separators. */
export function isAmount(value: string): boolean {
  return /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/.test(value);
}

export function isChineseOnly(value: string): boolean {
  return /^\p{Script=Han}+$/u.test(value);
}

export function isLettersOnly(value: string): boolean {
  return /^[A-Za-z]+$/.test(value);
}

export function isAlphanumeric(value: string): boolean {
  return /^[A-Za-z0-9]+$/.test(value);
}

/** Inclusive. Text must be a number (see isNumber); NaN is never in range. */
export function isInRange(value: number | string, min: number, max: number): boolean {
  if (typeof value === 'string' && !isNumber(value)) return false;
  const numeric = Number(value);
  return numeric >= min && numeric <= max;
}

/** Inclusive, counted in characters (code points), so one emoji or one Chinese character is one. */
export function isLengthInRange(value: string, min: number, max: number): boolean {
  let length = 0;
  for (const _character of value) length += 1;
  return length >= min && length <= max;
}

/** JSON text whose value is an object or an array: a bare 1 or "a" is not the structured value a field expects. */
export function isJsonString(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/** Area code (0 + 2-3 digits), hyphen, 7-8 digit number, optional hyphen and 1-6 digit extension. */
export function isLandlineNumber(value: string): boolean {
  return /^0\d{2,3}-\d{7,8}(?:-\d{1,6})?$/.test(value);
}

export const DEFAULT_CODE_LENGTH = 6;

/** A verification code of exactly `length` digits. */
export function isDigitCode(value: string, length: number = DEFAULT_CODE_LENGTH): boolean {
  return Number.isInteger(length) && length > 0 && value.length === length && isDigits(value);
}
