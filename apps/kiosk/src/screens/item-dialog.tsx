import { MAX_MODIFIER_QUANTITY, MAX_QUANTITY } from '@brigade/domain/ordering/cart';
import type { CartLine } from '@brigade/domain/ordering/line-pricing';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { useKiosk } from '../kiosk-context';
import type { Item } from '../queries';
import { type Group, groupRule, type ItemChoices, isSingle, useItemChoices } from './item-choices';

/**
 * An item's page: its description, size, every modifier group with its rules (a group at its maximum takes
 * no more), and the quantity. "Add to order" lists what is missing — the shared pricing code's messages, the
 * server's own — until the choices are complete.
 */
export function ItemDialog(props: { item: Item; onAdd: (line: CartLine) => void; onClose: () => void }) {
  const { item } = props;
  const { money } = useKiosk();
  const choices = useItemChoices(item);
  const [tried, setTried] = useState(false);
  const add = () => {
    setTried(true);
    if (choices.errors.length === 0) props.onAdd(choices.line);
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
          <Stepper label={item.name} value={choices.quantity} onChange={choices.setQuantity} />
          <Button size="lg" className="kiosk-dialog__add" onClick={add}>
            Add to order{'line' in choices.priced ? ` · ${money(choices.priced.line.lineTotal)}` : ''}
          </Button>
        </div>
      }
    >
      <div className="kiosk-choices">
        {item.pricingStrategy === 'size' && <Sizes item={item} choices={choices} />}
        {item.modifierGroups.map((group) => (
          <ModifierGroup key={group.modifierGroupId} group={group} choices={choices} />
        ))}
        {tried && choices.errors.length > 0 && (
          <div role="alert">
            <ul className="kiosk-errors">
              {choices.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Dialog>
  );
}

function Stepper(props: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <fieldset className="kiosk-stepper" aria-label={`Quantity of ${props.label}`}>
      <button
        type="button"
        className="kiosk-round"
        aria-label="One fewer"
        disabled={props.value <= 1}
        onClick={() => props.onChange(props.value - 1)}
      >
        −
      </button>
      <output className="kiosk-stepper__value" aria-live="polite">
        {props.value}
      </output>
      <button
        type="button"
        className="kiosk-round"
        aria-label="One more"
        disabled={props.value >= MAX_QUANTITY}
        onClick={() => props.onChange(props.value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}

function Sizes({ item, choices }: { item: Item; choices: ItemChoices }) {
  const { money } = useKiosk();
  return (
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
            aria-pressed={choices.sizeId === size.id}
            onClick={() => choices.setSizeId(size.id)}
          >
            <span>{size.name}</span>
            <span className="kiosk-option__price">{money(size.price)}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function ModifierGroup({ group, choices }: { group: Group; choices: ItemChoices }) {
  const { money } = useKiosk();
  const full = group.maxSelection !== null && choices.countIn(group) >= group.maxSelection;
  return (
    <fieldset className="kiosk-group">
      <legend className="kiosk-group__legend">
        {group.name} <span className="kiosk-group__rule">{groupRule(group)}</span>
      </legend>
      <div className="kiosk-options">
        {group.modifiers.map((modifier) => {
          const picked = choices.picked(group, modifier.id);
          // a tap adds one more (duplicates allowed), or turns the option on and off
          const next = group.allowDuplicates ? picked + 1 : picked > 0 ? 0 : 1;
          const blocked = next > picked && !isSingle(group) && (full || next > MAX_MODIFIER_QUANTITY);
          return (
            <div key={modifier.id} className="kiosk-option-wrap">
              <button
                type="button"
                className="kiosk-option"
                aria-pressed={picked > 0}
                disabled={blocked}
                onClick={() => choices.setPick(group, modifier.id, next)}
              >
                <span>{picked > 1 ? `${picked} × ${modifier.name}` : modifier.name}</span>
                <span className="kiosk-option__price">
                  {modifier.price > 0 ? `+${money(modifier.price)}` : ''}
                </span>
              </button>
              {group.allowDuplicates && picked > 0 && (
                <button
                  type="button"
                  className="kiosk-round"
                  aria-label={`One fewer ${modifier.name}`}
                  onClick={() => choices.setPick(group, modifier.id, picked - 1)}
                >
                  −
                </button>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
