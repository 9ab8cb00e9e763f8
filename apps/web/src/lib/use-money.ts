import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from './format';
import { currentLanguage, LANGUAGES } from './i18n';

/** Money and moments in the user's language: the money screens' formatting in one place. */
export function useMoneyFormat(currency: string, digits: number) {
  const { i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  return {
    bcp47,
    money: (minor: number) => formatMoney(minor, currency, digits, bcp47),
    /** An amount with its sign, as a statement line shows it. */
    signed: (minor: number) => `${minor > 0 ? '+' : ''}${formatMoney(minor, currency, digits, bcp47)}`,
    dateTime: (iso: string) => formatDateTime(iso, bcp47),
  };
}
