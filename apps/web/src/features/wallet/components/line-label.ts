import { useTranslation } from 'react-i18next';
import type { WalletEntry } from '@cowcare/contract/routes/wallet';

/** A wallet movement in words: a cow type's charge names the type and its cows; the rest say their kind. */
export function useLineLabel() {
  const { t } = useTranslation();
  return (entry: Pick<WalletEntry, 'kind' | 'typeName' | 'description' | 'cowCount'>): string => {
    switch (entry.kind) {
      case 'charge':
        return t('herd.wallet.charge', {
          type: entry.typeName ?? entry.description,
          count: entry.cowCount ?? 0,
        });
      case 'topup':
        return t('herd.wallet.topup');
      case 'plan':
        return t('wallet.kind.plan');
      case 'refund':
        return t('wallet.kind.refund');
      case 'topup_refund':
        return t('wallet.kind.topupRefund');
    }
  };
}
