import { regionName } from '../../../lib/i18n';

/** Countries offered at registration (ISO 3166-1 alpha-2, the contract's CountryCode). */
export const COUNTRY_CODES = [
  'AR',
  'AU',
  'BR',
  'CA',
  'CL',
  'CN',
  'CO',
  'DE',
  'DK',
  'ES',
  'FR',
  'GB',
  'ID',
  'IE',
  'IN',
  'IT',
  'JP',
  'KH',
  'KR',
  'KZ',
  'LA',
  'MM',
  'MN',
  'MX',
  'MY',
  'NL',
  'NZ',
  'PH',
  'PL',
  'PT',
  'PY',
  'RU',
  'TH',
  'TR',
  'UA',
  'US',
  'UY',
  'UZ',
  'VN',
  'ZA',
] as const;

/** Country names in the interface language, sorted for that language. */
export function countryOptions(bcp47: string): { value: string; label: string }[] {
  return COUNTRY_CODES.map((code) => ({ value: code, label: regionName(code, bcp47) })).sort((a, b) =>
    a.label.localeCompare(b.label, bcp47),
  );
}
