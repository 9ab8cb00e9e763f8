export interface Currency {
  code: string;
  /** ISO 4217 minor-unit exponent: amounts are stored in units of 10^-digits of the currency. */
  digits: number;
}

// The countries the app's nine languages serve. Won, yen and dong have no minor unit in use, so a minor
// unit there is the whole unit.
const CURRENCY_BY_COUNTRY: Readonly<Record<string, Currency>> = {
  KR: { code: 'KRW', digits: 0 },
  CN: { code: 'CNY', digits: 2 },
  JP: { code: 'JPY', digits: 0 },
  BR: { code: 'BRL', digits: 2 },
  PT: { code: 'EUR', digits: 2 },
  RU: { code: 'RUB', digits: 2 },
  TH: { code: 'THB', digits: 2 },
  ID: { code: 'IDR', digits: 2 },
  VN: { code: 'VND', digits: 0 },
};

const FALLBACK: Currency = { code: 'USD', digits: 2 };

export const currencyOfCountry = (country: string): Currency => CURRENCY_BY_COUNTRY[country] ?? FALLBACK;

/** A currency the books hold, by its ISO code. */
export const currencyByCode = (code: string): Currency =>
  Object.values(CURRENCY_BY_COUNTRY).find((currency) => currency.code === code) ?? { ...FALLBACK, code };

/** "15,000 KRW", "150.00 CNY": for messages; amounts on the wire stay integer minor units. */
export const formatMoney = (amountMinor: number, currency: Currency): string => {
  const major = (amountMinor / 10 ** currency.digits).toLocaleString('en-US', {
    minimumFractionDigits: currency.digits,
    maximumFractionDigits: currency.digits,
  });
  return `${major} ${currency.code}`;
};
