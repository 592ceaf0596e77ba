import { MAX_MODIFIER_QUANTITY, MAX_QUANTITY } from '@brigade/domain/ordering/cart';
import { type CartLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useMemo, useState } from 'react';
import { useKiosk } from '../kiosk-context';
import type { Item } from '../queries';

type Group = Item['modifierGroups'][number];
const isSingle = (group: Group) => group.maxSelection === 1 && !group.allowDuplicates;

/** What a group asks for, in the guest's words: "Required", "Choose 1–2", "Optional, up to 3". */
export function groupRule(group: Group): string {
  const { minSelection: min, maxSelection: max } = group;
  if (min > 0 && max === min) return min === 1 ? 'Required · choose 1' : `Required · choose ${min}`;
  if (min > 0) return max === null ? `Choose at least ${min}` : `Choose ${min} to ${max}`;
  return max === null ? 'Optional' : `Optional · up to ${max}`;
}

/**
 * An item's page: its description, size, every modifier group with its rules (a group at its maximum takes
 * no more), and the quantity. "Add to order" shows what is missing — the shared pricing code's messages, the
 * server's own — until the choices are complete.
 */
export function ItemDialog(props: { item: Item; onAdd: (line: CartLine) => void; onClose: () => void }) {
  const { item } = props;
  const { money } = useKiosk();
  const [sizeId, setSizeId] = useState<number | undefined>(
    item.sizes.length === 1 ? item.sizes[0]!.id : undefined,
  );
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [quantity, setQuantity] = useState(1);
  const [tried, setTried] = useState(false);
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
  const setPick = (group: Group, modifierId: number, next: number) =>
    setPicks((current) => {
      const copy = { ...current };
      if (isSingle(group))
        for (const key of Object.keys(copy))
          if (key.startsWith(`${group.modifierGroupId}:`)) delete copy[key];
      copy[`${group.modifierGroupId}:${modifierId}`] = Math.min(MAX_MODIFIER_QUANTITY, Math.max(0, next));
      return copy;
    });
  const add = () => {
    setTried(true);
    if (errors.length === 0) props.onAdd(line);
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={item.name}
      description={item.description}
      size="lg"
      footer={
        <div className="kiosk-dialog__footer">
          <fieldset className="kiosk-stepper" aria-label={`Quantity of ${item.name}`}>
            <button
              type="button"
              className="kiosk-round"
              aria-label="One fewer"
              disabled={quantity <= 1}
              onClick={() => setQuantity(quantity - 1)}
            >
              −
            </button>
            <output className="kiosk-stepper__value" aria-live="polite">
              {quantity}
            </output>
            <button
              type="button"
              className="kiosk-round"
              aria-label="One more"
              disabled={quantity >= MAX_QUANTITY}
              onClick={() => setQuantity(quantity + 1)}
            >
              +
            </button>
          </fieldset>
          <Button size="lg" className="kiosk-dialog__add" onClick={add}>
            Add to order{'line' in priced ? ` · ${money(priced.line.lineTotal)}` : ''}
          </Button>
        </div>
      }
    >
      <div className="kiosk-choices">
        {item.pricingStrategy === 'size' && (
          <fieldset className="kiosk-group">
            <legend className="kiosk-group__legend">
              Size <span className="kiosk-group__rule">Required · choose 1</span>
            </legend>
            <div className="kiosk-options">
              {item.sizes.map((size) => (
                <button
                  key={size.id}
                  type="button"
                  className="kiosk-option"
                  aria-pressed={sizeId === size.id}
                  onClick={() => setSizeId(size.id)}
                >
                  <span>{size.name}</span>
                  <span className="kiosk-option__price">{money(size.price)}</span>
                </button>
              ))}
            </div>
          </fieldset>
        )}
        {item.modifierGroups.map((group) => {
          const count = countIn(group);
          const full = group.maxSelection !== null && count >= group.maxSelection;
          return (
            <fieldset key={group.modifierGroupId} className="kiosk-group">
              <legend className="kiosk-group__legend">
                {group.name} <span className="kiosk-group__rule">{groupRule(group)}</span>
              </legend>
              <div className="kiosk-options">
                {group.modifiers.map((modifier) => {
                  const picked = picks[`${group.modifierGroupId}:${modifier.id}`] ?? 0;
                  const next = group.allowDuplicates ? picked + 1 : picked > 0 ? 0 : 1;
                  const blocked = next > picked && !isSingle(group) && (full || next > MAX_MODIFIER_QUANTITY);
                  return (
                    <button
                      key={modifier.id}
                      type="button"
                      className="kiosk-option"
                      aria-pressed={picked > 0}
                      disabled={blocked}
                      onClick={() => setPick(group, modifier.id, next)}
                    >
                      <span>{picked > 1 ? `${picked} × ${modifier.name}` : modifier.name}</span>
                      <span className="kiosk-option__price">
                        {modifier.price > 0 ? `+${money(modifier.price)}` : ''}
                      </span>
                    </button>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        {tried && errors.length > 0 && (
          <div role="alert">
            <ul className="kiosk-errors">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Dialog>
  );
}
