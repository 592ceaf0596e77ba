import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import type { ItemRecord } from '../../catalogue-kit/catalogue-api';
import { type ItemBulkChange, useBulkUpdateItems } from './item-bulk-api';
import { BulkDialog, type BulkDialogKind } from './item-bulk-dialogs';
import { useSoldOut } from './sold-out-toggle';

const ACTIONS: [BulkDialogKind, string][] = [
  ['price', 'Set price'],
  ['tax', 'Tax rates'],
  ['tags', 'Tags'],
  ['channels', 'Channels'],
];

/**
 * The bar under the items list while items are ticked: one change for all of them (one write on the
 * server, all or nothing). Price, tax rates, tags and channels open a small dialog; sold out and back in
 * stock apply at once. It stays at the bottom of the screen (also on phones) and wraps its buttons.
 */
export function ItemBulkBar({ selected, onClear }: { selected: readonly ItemRecord[]; onClear: () => void }) {
  const canSoldOut = useSoldOut().allowed;
  const toast = useToast();
  const bulk = useBulkUpdateItems();
  const [dialog, setDialog] = useState<BulkDialogKind | null>(null);
  const count = selected.length;
  const noun = count === 1 ? 'item' : 'items';

  const soldOut = async (soldOut: boolean) => {
    try {
      await apply(bulk, selected, { soldOut });
      toast.success(soldOut ? `${count} ${noun} marked sold out` : `${count} ${noun} back in stock`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'Could not change the items'));
    }
  };

  return (
    <section className="cat-bulk-bar" aria-label="Bulk edit">
      <p className="cat-bulk-bar__count" aria-live="polite">
        {count} {noun} selected
      </p>
      <div className="cat-bulk-bar__actions">
        {ACTIONS.map(([kind, label]) => (
          <Button key={kind} size="sm" variant="secondary" onClick={() => setDialog(kind)}>
            {label}
          </Button>
        ))}
        {canSoldOut && (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void soldOut(true)}
              disabled={bulk.isPending}
            >
              Mark sold out
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void soldOut(false)}
              disabled={bulk.isPending}
            >
              Back in stock
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      {dialog && (
        <BulkDialog
          kind={dialog}
          selected={selected}
          onClose={() => setDialog(null)}
          onApply={async (itemIds, change, done) => {
            await bulk.mutateAsync({ itemIds, change });
            toast.success(done);
            setDialog(null);
          }}
        />
      )}
    </section>
  );
}

const apply = (
  bulk: ReturnType<typeof useBulkUpdateItems>,
  items: readonly ItemRecord[],
  change: ItemBulkChange,
) => bulk.mutateAsync({ itemIds: items.map((item) => item.itemId), change });
