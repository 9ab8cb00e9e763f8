/** Why a typed top-up amount cannot be used, for the message under the field. */
export type AmountProblem = 'empty' | 'invalid' | 'decimals' | 'tooSmall' | 'tooLarge';

export type AmountResult = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

export interface AmountLimits {
  minimum: number;
  maximum: number;
}

/** Thousands grouped with commas (12,500 or 1,250.50) or, for a currency without decimals, dots (12.500). */
const COMMA_GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const DOT_GROUPED = /^\d{1,3}(\.\d{3})+$/;
const PLAIN = /^(\d*)(?:[.,](\d*))?$/;

/** The text without grouping, with `.` as the decimal mark, or null when it is not a number. */
function normalise(text: string, digits: number): string | null {
  const compact = text.replace(/[\s\u00a0_']/g, '');
  if (COMMA_GROUPED.test(compact)) return compact.replace(/,/g, '');
  // "10.000" is ten thousand in a currency without decimals (KRW, JPY, VND), never ten.
  if (digits === 0 && DOT_GROUPED.test(compact)) return compact.replace(/\./g, '');
  const match = PLAIN.exec(compact);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  return `${match[1] || '0'}.${match[2] ?? ''}`;
}

/**
 * A top-up amount typed in major units of the farm currency ("12.50", "12,50", "10,000") as minor units,
 * exactly (no floating point), checked against the wallet's limits.
 */
export function parseAmount(text: string, digits: number, limits: AmountLimits): AmountResult {
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  const normal = normalise(text, digits);
  if (normal === null) return { ok: false, problem: 'invalid' };
  const [whole = '0', fraction = ''] = normal.split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) return { ok: false, problem: 'decimals' };
  // Past 15 digits a number is not exact, and far past any limit.
  if (whole.replace(/^0+/, '').length + digits > 15) return { ok: false, problem: 'tooLarge' };
  const minor = Number(whole) * 10 ** digits + Number(significant.padEnd(digits, '0') || '0');
  if (minor < limits.minimum) return { ok: false, problem: 'tooSmall' };
  if (minor > limits.maximum) return { ok: false, problem: 'tooLarge' };
  return { ok: true, minor };
}

/** Minor units as the plain text a user would type for them (12.5 -> "12.50"), for a preset's field. */
export function amountText(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  const fraction = String(minor % scale).padStart(digits, '0');
  return `${Math.floor(minor / scale)}.${fraction}`;
}
