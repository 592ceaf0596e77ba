import { MAX_MODIFIER_QUANTITY, MAX_QUANTITY } from '@brigade/domain/ordering/cart';
import { type CartLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { useMemo, useState } from 'react';
import type { Item } from '../queries';

export type Group = Item['modifierGroups'][number];
export const isSingle = (group: Group) => group.maxSelection === 1 && !group.allowDuplicates;

/** What a group asks for, in the guest's words: "Required · choose 1", "Choose 1 to 3", "Optional · up to 2". */
export function groupRule(group: Group): string {
  const { minSelection: min, maxSelection: max } = group;
  if (min > 0 && max === min) return min === 1 ? 'Required · choose 1' : `Required · choose ${min}`;
  if (min > 0) return max === null ? `Choose at least ${min}` : `Choose ${min} to ${max}`;
  return max === null ? 'Optional' : `Optional · up to ${max}`;
}

/**
 * An item's choices on its page — size, modifiers, quantity — and the line they make, priced by the shared
 * code (its messages are the server's: "Choose an option in Temperature").
 */
export function useItemChoices(item: Item) {
  const [sizeId, setSizeId] = useState<number | undefined>(
    item.sizes.length === 1 ? item.sizes[0]!.id : undefined,
  );
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [quantity, setQuantityState] = useState(1);
  const line: CartLine = useMemo(
    () => ({
      itemId: item.itemId,
      ...(item.pricingStrategy === 'size' && sizeId !== undefined ? { sizeId } : {}),
      quantity,
      modifiers: Object.entries(picks)
        .filter(([, n]) => n > 0)
        .map(([key, n]) => {
          const [modifierGroupId, modifierId] = key.split(':').map(Number) as [number, number];
          return { modifierGroupId, modifierId, quantity: n };
        }),
    }),
    [item.itemId, item.pricingStrategy, sizeId, quantity, picks],
  );
  const priced = priceLine(line, item as never, 'line');
  const errors = 'errors' in priced ? [...new Set(priced.errors.map((e) => e.message))] : [];
  const countIn = (group: Group) =>
    Object.entries(picks)
      .filter(([key]) => key.startsWith(`${group.modifierGroupId}:`))
      .reduce((n, [, q]) => n + q, 0);
  const picked = (group: Group, modifierId: number) => picks[`${group.modifierGroupId}:${modifierId}`] ?? 0;
  const setPick = (group: Group, modifierId: number, next: number) =>
    setPicks((current) => {
      const copy = { ...current };
      if (isSingle(group))
        for (const key of Object.keys(copy))
          if (key.startsWith(`${group.modifierGroupId}:`)) delete copy[key];
      copy[`${group.modifierGroupId}:${modifierId}`] = Math.min(MAX_MODIFIER_QUANTITY, Math.max(0, next));
      return copy;
    });
  const setQuantity = (next: number) => setQuantityState(Math.min(MAX_QUANTITY, Math.max(1, next)));
  return { sizeId, setSizeId, quantity, setQuantity, line, priced, errors, countIn, picked, setPick };
}

export type ItemChoices = ReturnType<typeof useItemChoices>;
