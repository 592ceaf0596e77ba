import { MAX_MODIFIER_QUANTITY, MAX_QUANTITY } from '@brigade/domain/ordering/cart';
import { type CartLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { useMemo, useState } from 'react';
import type { Item } from '../queries';
import { centsOfDigits } from '../screens/keypad';
import { orderableOf } from './pricing';

export type Group = Item['modifierGroups'][number];

const pickKey = (groupId: number, modifierId: number) => `${groupId}:${modifierId}`;

/** Whether choosing one option of the group replaces the one chosen before. */
export const isSingle = (group: Group) => group.maxSelection === 1 && !group.allowDuplicates;

/** What the group asks for: "Required", "Choose 1–2", "Optional, up to 3". */
export function groupRule(group: Group): string {
  const { minSelection: min, maxSelection: max } = group;
  if (min > 0 && max === min) return min === 1 ? 'Required' : `Required, choose ${min}`;
  if (min > 0) return max === null ? `Choose at least ${min}` : `Choose ${min}–${max}`;
  return max === null ? 'Optional' : `Optional, up to ${max}`;
}

/**
 * The choices of one item as it is rung up — size, open price, modifiers, quantity, note — and the line
 * they make, priced by the shared code (its messages: "Choose an option in Temperature"...).
 */
export function useChoices(item: Item) {
  const [sizeId, setSizeId] = useState<number | undefined>(
    item.sizes.length === 1 ? item.sizes[0]!.id : undefined,
  );
  const [priceDigits, setPriceDigits] = useState('');
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [quantity, setQuantityState] = useState(1);
  const [notes, setNotes] = useState('');
  const line: CartLine = useMemo(
    () => ({
      itemId: item.itemId,
      ...(item.pricingStrategy === 'size' && sizeId !== undefined ? { sizeId } : {}),
      ...(item.pricingStrategy === 'open' && priceDigits !== ''
        ? { openPrice: centsOfDigits(priceDigits) }
        : {}),
      quantity,
      modifiers: Object.entries(picks)
        .filter(([, n]) => n > 0)
        .map(([key, n]) => {
          const [modifierGroupId, modifierId] = key.split(':').map(Number) as [number, number];
          return { modifierGroupId, modifierId, quantity: n };
        }),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    }),
    [item.itemId, item.pricingStrategy, sizeId, priceDigits, quantity, picks, notes],
  );
  const countIn = (group: Group) =>
    Object.entries(picks)
      .filter(([key]) => key.startsWith(`${group.modifierGroupId}:`))
      .reduce((n, [, q]) => n + q, 0);
  const picked = (group: Group, modifierId: number) => picks[pickKey(group.modifierGroupId, modifierId)] ?? 0;
  const setPick = (group: Group, modifierId: number, next: number) =>
    setPicks((current) => {
      const copy = { ...current };
      if (isSingle(group))
        for (const key of Object.keys(copy))
          if (key.startsWith(`${group.modifierGroupId}:`)) delete copy[key];
      copy[pickKey(group.modifierGroupId, modifierId)] = Math.min(MAX_MODIFIER_QUANTITY, Math.max(0, next));
      return copy;
    });
  const setQuantity = (next: number) => setQuantityState(Math.min(MAX_QUANTITY, Math.max(1, next)));
  const priced = priceLine(line, orderableOf(item), 'line');
  return {
    ...{ sizeId, setSizeId, priceDigits, setPriceDigits, quantity, setQuantity, notes, setNotes },
    ...{ countIn, picked, setPick, line, priced },
  };
}

export type Choices = ReturnType<typeof useChoices>;
