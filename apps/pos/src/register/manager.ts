import { useSession } from '@brigade/ui/lib/session';
import { useSelection } from '@brigade/ui/selection';
import { isManagerRole } from '../sales/figures';

/** The signed-in staff member is a manager or above in the chosen organisation (pairs devices, voids sales). */
export function useIsManager(): boolean {
  const { tenant } = useSelection();
  const { state } = useSession();
  return isManagerRole(tenant?.role, state.status === 'authenticated' && state.user.isSiteAdmin);
}
