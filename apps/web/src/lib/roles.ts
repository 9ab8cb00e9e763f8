import type { User } from '@cowcare/contract/schemas';
import { useUser } from './session';

/**
 * Whether the user is one of the farm's owners (architecture §10). The web only hides what staff may not
 * use; the server refuses it whatever the web shows. A session stored before roles existed reads as owner,
 * as it was.
 */
export const isOwner = (user: Pick<User, 'role'> | null | undefined): boolean => user?.role !== 'staff';

export function useIsOwner(): boolean {
  return isOwner(useUser());
}
