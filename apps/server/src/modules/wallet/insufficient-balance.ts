import { ERROR_CODES } from '@cowcare/contract/errors';
import { AppError } from '../../http/app-error';
import { formatMoney, type Currency } from './currency';

/** 409 for a charge the wallet does not cover, with what is missing in the message and the extras. */
export const insufficientBalance = (needed: number, balance: number, currency: Currency, what = 'this') =>
  new AppError(
    409,
    ERROR_CODES.insufficientBalance,
    `Not enough balance: ${what} costs ${formatMoney(needed, currency)} and the wallet holds ` +
      `${formatMoney(balance, currency)}. Top up at least ${formatMoney(needed - balance, currency)}.`,
    { needed, balance, shortfall: needed - balance, currency: currency.code },
  );
