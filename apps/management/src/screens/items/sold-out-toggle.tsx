import { setItemSoldOut } from '@brigade/contracts/ordering';
import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useState } from 'react';
import { useCan } from '../../restaurant-context';
import { useOrderingSettings, useSettingsWrites } from '../orders/orders-api';

/** Whether the person may mark items sold out (86) for online ordering, and the items that are. */
export function useSoldOut() {
  const allowed = useCan(setItemSoldOut);
  const settings = useOrderingSettings();
  return { allowed, soldOut: new Set(allowed ? (settings.data?.soldOutItemIds ?? []) : []) };
}

/** The "86" switch of one item in the list: sold out for online ordering until switched back. */
export function SoldOutToggle({ itemId, name, soldOut }: { itemId: number; name: string; soldOut: boolean }) {
  const writes = useSettingsWrites();
  const toast = useToast();
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? soldOut;
  const toggle = async (next: boolean) => {
    setPending(next);
    try {
      await writes.soldOut.mutateAsync({ itemId, soldOut: next });
      toast.success(next ? `${name} is sold out` : `${name} is back`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'Could not change the item'));
    } finally {
      setPending(null);
    }
  };
  return (
    <label className="cat-soldout">
      <input type="checkbox" checked={checked} onChange={(event) => void toggle(event.target.checked)} />
      <span>{checked ? '86' : 'On sale'}</span>
      <span className="ui-visually-hidden">: {name} sold out</span>
    </label>
  );
}
