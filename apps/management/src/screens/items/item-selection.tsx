import { bulkUpdateItems } from '@brigade/contracts/item-bulk';
import type { Column } from '@brigade/ui/app-kit/data-table';
import { useState } from 'react';
import type { ItemRecord } from '../../catalogue-kit/catalogue-api';
import { useCan } from '../../restaurant-context';

/**
 * The items ticked for a bulk change (managers and above: the bulk endpoint's access): a tick box column
 * for the list, and the ticked items that are still there (one may have been deleted meanwhile).
 */
export function useItemSelection(items: readonly ItemRecord[] | undefined) {
  const enabled = useCan(bulkUpdateItems);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (itemId: number, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });
  const column: Column<ItemRecord>[] = enabled
    ? [
        {
          header: 'Select',
          cell: (item) => (
            <input
              type="checkbox"
              className="cat-select"
              aria-label={`Select ${item.name}`}
              checked={selectedIds.has(item.itemId)}
              onChange={(event) => toggle(item.itemId, event.target.checked)}
            />
          ),
        },
      ]
    : [];
  return {
    enabled,
    selectedIds,
    setSelectedIds,
    selected: (items ?? []).filter((item) => selectedIds.has(item.itemId)),
    clear: () => setSelectedIds(new Set()),
    column,
  };
}

/** "Select all shown": ticks (or unticks) every item the filters show; mixed when some are ticked. */
export function SelectAll({
  rows,
  selection: { selectedIds, setSelectedIds: onChange },
}: {
  rows: readonly ItemRecord[];
  selection: ReturnType<typeof useItemSelection>;
}) {
  const ticked = rows.filter((item) => selectedIds.has(item.itemId)).length;
  const all = ticked === rows.length;
  return (
    <label className="ui-checkbox cat-select-all">
      <input
        type="checkbox"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = ticked > 0 && !all;
        }}
        onChange={(event) => {
          const next = new Set(selectedIds);
          for (const item of rows) {
            if (event.target.checked) next.add(item.itemId);
            else next.delete(item.itemId);
          }
          onChange(next);
        }}
      />
      <span>Select all shown ({rows.length})</span>
    </label>
  );
}
