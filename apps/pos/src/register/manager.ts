import { useSession } from '@brigade/ui/lib/session';
import { useSelection } from '@brigade/ui/selection';
import { useContext } from 'react';
import { isManagerRole } from '../sales/figures';
import { RegisterContext } from './context';

/**
 * The signed-in staff member is a manager or above in the chosen organisation (pairs devices, voids sales).
 * On a register unlocked by passcode, the employee at it decides instead: their derived "can manage others".
 */
export function useIsManager(): boolean {
  const { tenant } = useSelection();
  const { state } = useSession();
  const staff = useContext(RegisterContext)?.staff;
  if (staff) return staff.canManageOthers;
  return isManagerRole(tenant?.role, state.status === 'authenticated' && state.user.isSiteAdmin);
}
