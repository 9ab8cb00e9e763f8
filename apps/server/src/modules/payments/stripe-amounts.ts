import type { Currency } from '../wallet/currency';

// Stripe takes amounts in its own minor unit of each currency (docs.stripe.com/currencies), which is the ISO
// 4217 one for every currency the app sells in (KRW, JPY and VND have none; CNY, IDR, THB, BRL, EUR, RUB and
// USD have two digits). Where Stripe departs from ISO, the conversion below keeps our books in ISO units.
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
// Stripe wants these with a last digit of 0 ("round to the nearest ten").
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
// ISO exponents of the currencies where Stripe's differs: ISK has no minor unit but Stripe keeps it two-decimal
// (whole krónur only, amounts divisible by 100); ISO gives MGA two digits, Stripe none.
const ISO_DIGITS_WHERE_STRIPE_DIFFERS: Readonly<Record<string, number>> = { ISK: 0, MGA: 2 };

const stripeDigits = (code: string): number => {
  if (ZERO_DECIMAL.has(code)) return 0;
  return THREE_DECIMAL.has(code) ? 3 : 2;
};

const isoDigits = (code: string): number => ISO_DIGITS_WHERE_STRIPE_DIFFERS[code] ?? stripeDigits(code);

/** Our ISO minor units as Stripe's `amount`; throws for an amount Stripe cannot charge exactly. */
export const toStripeAmount = (amountMinor: number, currency: Currency): number => {
  const code = currency.code.toUpperCase();
  const shift = stripeDigits(code) - currency.digits;
  const amount = shift >= 0 ? amountMinor * 10 ** shift : amountMinor / 10 ** -shift;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`${amountMinor} minor units of ${code} is not an amount Stripe can charge`);
  }
  if (THREE_DECIMAL.has(code) && amount % 10 !== 0) {
    throw new RangeError(`Stripe charges ${code} in multiples of 10 thousandths (got ${amount})`);
  }
  return amount;
};

/** Stripe's `amount` of a currency (any case) in ISO minor units, for the books. */
export const fromStripeAmount = (amount: number, currencyCode: string): number => {
  const code = currencyCode.toUpperCase();
  const shift = stripeDigits(code) - isoDigits(code);
  return shift >= 0 ? amount / 10 ** shift : amount * 10 ** -shift;
};
