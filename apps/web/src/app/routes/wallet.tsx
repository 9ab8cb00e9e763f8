import { OrdersSection } from '../../features/orders/components/orders-section';
import { PlansSection } from '../../features/plans/components/plans-section';
import { WalletRoute } from '../../features/wallet/routes/wallet';

/** The wallet page with the farm's plan and orders between its top-up and its statement. */
export function WalletWithPlansRoute() {
  return (
    <WalletRoute
      sections={({ userId, focusTopUp }) => (
        <>
          <PlansSection userId={userId} onTopUp={focusTopUp} />
          <OrdersSection userId={userId} />
        </>
      )}
    />
  );
}
