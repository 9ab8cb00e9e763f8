/** A cost typed in major units (e.g. 12.5 USD) as integer minor units (1250), or null when not valid. */
export function toMinorUnits(value: number | string, digits: number): number | null {
  const number = typeof value === 'number' ? value : Number(value.replace(',', '.'));
  if (!Number.isFinite(number) || number < 0) return null;
  const minor = Math.round(number * 10 ** digits);
  return Math.abs(minor - number * 10 ** digits) < 1e-6 ? minor : null;
}

export const toMajorUnits = (minor: number, digits: number): number => minor / 10 ** digits;
