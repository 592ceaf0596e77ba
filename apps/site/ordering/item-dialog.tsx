/** @jsxImportSource preact */

import type { OrderingSection } from '@brigade/domain/ordering/api';
import { type CartLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import type { OrderableItem } from '@brigade/domain/ordering/orderable';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { MAX_QUANTITY } from './cart-store';
import { money } from './money';

export type MenuItem = OrderingSection['items'][number];
type Group = MenuItem['modifierGroups'][number];

/** The public item as the shared pricing code reads it (kitchen and tax fields are the server's). */
export const asOrderable = (item: MenuItem): OrderableItem =>
  ({
    ...item,
    prepStationIds: [],
    taxRateIds: [],
    taxInclusion: false,
    takeoutTaxException: false,
  }) as OrderableItem;

const groupRule = (group: Group) => {
  const parts: string[] = [];
  if (group.minSelection > 0)
    parts.push(
      group.minSelection === 1 && group.maxSelection === 1
        ? 'Required'
        : `Choose at least ${group.minSelection}`,
    );
  else parts.push('Optional');
  if (group.maxSelection !== null && !(group.minSelection === 1 && group.maxSelection === 1))
    parts.push(`up to ${group.maxSelection}`);
  return parts.join(', ');
};

/**
 * An item's choices: size, modifier groups with their rules enforced as the guest picks (a group at its
 * maximum takes no more), quantity and a note. Prices shown here come from the same code the server
 * charges with; the server prices the order again all the same.
 */
/** The guest's choices for one item, and the line they make, priced. */
function useChoices(item: MenuItem) {
  const [sizeId, setSizeId] = useState<number | undefined>(
    item.sizes.length === 1 ? item.sizes[0]!.id : undefined,
  );
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  const line: CartLine = useMemo(
    () => ({
      itemId: item.itemId,
      ...(sizeId === undefined ? {} : { sizeId }),
      quantity,
      modifiers: Object.entries(picks)
        .filter(([, n]) => n > 0)
        .map(([key, n]) => {
          const [modifierGroupId, modifierId] = key.split(':').map(Number) as [number, number];
          return { modifierGroupId, modifierId, quantity: n };
        }),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    }),
    [item.itemId, sizeId, quantity, picks, notes],
  );
  const setPick = (group: Group, modifierId: number, next: number) =>
    setPicks((current) => {
      const copy = { ...current };
      // a one-choice group: choosing one unchooses the other
      if (group.maxSelection === 1 && !group.allowDuplicates)
        for (const key of Object.keys(copy))
          if (key.startsWith(`${group.modifierGroupId}:`)) delete copy[key];
      copy[`${group.modifierGroupId}:${modifierId}`] = Math.max(0, next);
      return copy;
    });
  const countIn = (group: Group) =>
    Object.entries(picks)
      .filter(([key]) => key.startsWith(`${group.modifierGroupId}:`))
      .reduce((n, [, q]) => n + q, 0);
  const priced = priceLine(line, asOrderable(item), 'line');
  return { sizeId, setSizeId, picks, setPick, countIn, quantity, setQuantity, notes, setNotes, line, priced };
}

/**
 * An item's choices: size, modifier groups with their rules enforced as the guest picks (a group at its
 * maximum takes no more), quantity and a note. Prices shown here come from the same code the server
 * charges with; the server prices the order again all the same.
 */
export function ItemDialog(props: {
  item: MenuItem;
  currency: string;
  onAdd: (line: CartLine) => void;
  onClose: () => void;
}) {
  const { item, currency } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const choices = useChoices(item);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const { priced } = choices;
  const errors = 'errors' in priced ? priced.errors : [];
  const add = (event: Event) => {
    event.preventDefault();
    setTried(true);
    if (errors.length === 0) props.onAdd(choices.line);
  };
  return (
    <dialog ref={dialog} class="bo-dialog" aria-labelledby="bo-item-title" onClose={props.onClose}>
      <form method="dialog" class="bo-dialog__form" onSubmit={add}>
        <header class="bo-dialog__head">
          <h2 id="bo-item-title">{item.name}</h2>
          <button type="button" class="bo-icon" aria-label="Close" onClick={() => dialog.current?.close()}>
            ×
          </button>
        </header>
        <div class="bo-dialog__body">
          {item.description ? <p class="muted">{item.description}</p> : null}
          <Choices item={item} currency={currency} choices={choices} />
          {tried && errors.length > 0 ? (
            <ul class="bo-error" role="alert">
              {[...new Set(errors.map((e) => e.message))].map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <footer class="bo-dialog__foot">
          <Stepper
            label={`Quantity of ${item.name}`}
            value={choices.quantity}
            min={1}
            max={MAX_QUANTITY}
            onChange={choices.setQuantity}
          />
          <button type="submit" class="btn btn-order bo-grow">
            Add to order{'line' in priced ? ` · ${money(priced.line.lineTotal, currency)}` : ''}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

function Choices(props: { item: MenuItem; currency: string; choices: ReturnType<typeof useChoices> }) {
  const { item, currency, choices } = props;
  return (
    <>
      {item.pricingStrategy === 'size' ? (
        <fieldset class="bo-group">
          <legend>
            Size <span class="bo-rule">Required</span>
          </legend>
          {item.sizes.map((size) => (
            <label key={size.id} class="bo-choice">
              <input
                type="radio"
                name="size"
                checked={choices.sizeId === size.id}
                onChange={() => choices.setSizeId(size.id)}
              />
              <span>{size.name}</span>
              <span class="bo-price">{money(size.price, currency)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {item.modifierGroups.map((group) => (
        <ModifierGroup
          key={group.modifierGroupId}
          group={group}
          count={choices.countIn(group)}
          picks={choices.picks}
          currency={currency}
          onPick={(modifierId, next) => choices.setPick(group, modifierId, next)}
        />
      ))}
      <label class="bo-field">
        <span>Note for the kitchen (optional)</span>
        <input
          type="text"
          maxLength={200}
          value={choices.notes}
          onInput={(e) => choices.setNotes((e.target as HTMLInputElement).value)}
          placeholder="No onions, please"
        />
      </label>
    </>
  );
}

function ModifierGroup(props: {
  group: Group;
  count: number;
  picks: Record<string, number>;
  currency: string;
  onPick: (modifierId: number, next: number) => void;
}) {
  const { group, count, picks, currency } = props;
  const single = group.maxSelection === 1 && !group.allowDuplicates;
  const full = group.maxSelection !== null && count >= group.maxSelection;
  const price = (p: number) => (p > 0 ? `+${money(p, currency)}` : '');
  return (
    <fieldset class="bo-group">
      <legend>
        {group.name} <span class="bo-rule">{groupRule(group)}</span>
        {group.groupPrice > 0 ? <span class="bo-price"> {price(group.groupPrice)}</span> : null}
      </legend>
      {group.modifiers.map((modifier) => {
        const picked = picks[`${group.modifierGroupId}:${modifier.id}`] ?? 0;
        if (group.allowDuplicates)
          return (
            <div key={modifier.id} class="bo-choice">
              <span>{modifier.name}</span>
              <span class="bo-price">{price(modifier.price)}</span>
              <Stepper
                label={modifier.name}
                value={picked}
                min={0}
                max={full ? picked : 10}
                onChange={(next) => props.onPick(modifier.id, next)}
              />
            </div>
          );
        return (
          <label key={modifier.id} class="bo-choice">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`group-${group.modifierGroupId}`}
              checked={picked > 0}
              disabled={!single && full && picked === 0}
              onChange={(e) => props.onPick(modifier.id, (e.target as HTMLInputElement).checked ? 1 : 0)}
            />
            <span>{modifier.name}</span>
            <span class="bo-price">{price(modifier.price)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function Stepper(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
}) {
  return (
    <div class="bo-stepper">
      <button
        type="button"
        class="bo-icon"
        aria-label={`Fewer: ${props.label}`}
        disabled={props.value <= props.min}
        onClick={() => props.onChange(props.value - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label={props.label}>
        {props.value}
      </output>
      <button
        type="button"
        class="bo-icon"
        aria-label={`More: ${props.label}`}
        disabled={props.value >= props.max}
        onClick={() => props.onChange(props.value + 1)}
      >
        +
      </button>
    </div>
  );
}
