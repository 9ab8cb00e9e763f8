import { ShareCowButton } from '../../features/chat/components/share-cow';
import { CowRoute } from '../../features/cows/routes/cow';

/** One cow's page with the chat's "Share in chat" among her actions (a cow card, decision 0019). */
export function CowWithShareRoute() {
  return (
    <CowRoute
      renderActions={(cow, buttonProps) => (
        <ShareCowButton cow={{ id: cow.id, code: cow.code }} buttonProps={buttonProps} />
      )}
    />
  );
}
