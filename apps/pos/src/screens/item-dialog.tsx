import { MAX_MODIFIER_QUANTITY } from '@brigade/domain/ordering/cart';
import type { CartLine } from '@brigade/domain/ordering/line-pricing';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { type Choices, type Group, groupRule, isSingle, useChoices } from '../check/choices';
import type { Item } from '../queries';
import { useRegisterContext } from '../register/context';
import { Keypad } from './keypad';

/**
 * Ringing up an item that needs choices (issue 46): its size, its price when it is open-priced, each
 * modifier group with its rules (a group at its maximum takes no more), quantity and a note for the kitchen.
 * The messages are the shared pricing code's, the server's own.
 */
export function ItemDialog(props: { item: Item; onAdd: (line: CartLine) => void; onClose: () => void }) {
  const { item } = props;
  const { money } = useRegisterContext();
  const choices = useChoices(item);
  const [tried, setTried] = useState(false);
  const errors = 'errors' in choices.priced ? choices.priced.errors : [];
  const add = () => {
    setTried(true);
    if (errors.length === 0) props.onAdd(choices.line);
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={item.name}
      size="lg"
      footer={
        <>
          <Stepper
            label={item.name}
            value={choices.quantity}
            onChange={choices.setQuantity}
            min={1}
            max={99}
          />
          <Button size="lg" className="pos-dialog__primary" onClick={add}>
            Add to check{'line' in choices.priced ? ` · ${money(choices.priced.line.lineTotal)}` : ''}
          </Button>
        </>
      }
    >
      <div className="pos-choices">
        {item.pricingStrategy === 'size' && <Sizes item={item} choices={choices} />}
        {item.pricingStrategy === 'open' && (
          <Keypad
            label={`Price of ${item.name}`}
            digits={choices.priceDigits}
            onChange={choices.setPriceDigits}
            format={money}
          />
        )}
        {item.modifierGroups.map((group) => (
          <ModifierGroup key={group.modifierGroupId} group={group} choices={choices} />
        ))}
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`note-${item.itemId}`}>
            Note for the kitchen (optional)
          </label>
          <input
            id={`note-${item.itemId}`}
            className="ui-field__input"
            maxLength={200}
            placeholder="No onions, please"
            value={choices.notes}
            onChange={(event) => choices.setNotes(event.target.value)}
          />
        </div>
        {tried && errors.length > 0 && (
          <div role="alert">
            <ul className="pos-choices__errors">
              {[...new Set(errors.map((e) => e.message))].map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Dialog>
  );
}

function Sizes({ item, choices }: { item: Item; choices: Choices }) {
  const { money } = useRegisterContext();
  return (
    <fieldset className="pos-group">
      <legend className="pos-group__legend">
        Size <span className="pos-group__rule">Required</span>
      </legend>
      <div className="pos-options">
        {item.sizes.map((size) => (
          <button
            key={size.id}
            type="button"
            className="pos-option"
            aria-pressed={choices.sizeId === size.id}
            onClick={() => choices.setSizeId(size.id)}
          >
            <span>{size.name}</span>
            <span className="pos-option__price">{money(size.price)}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function ModifierGroup({ group, choices }: { group: Group; choices: Choices }) {
  const { money } = useRegisterContext();
  const count = choices.countIn(group);
  const full = group.maxSelection !== null && count >= group.maxSelection;
  const plus = (cents: number) => (cents > 0 ? `+${money(cents)}` : '');
  return (
    <fieldset className="pos-group">
      <legend className="pos-group__legend">
        {group.name} <span className="pos-group__rule">{groupRule(group)}</span>
        {group.groupPrice > 0 && <span className="pos-option__price"> {plus(group.groupPrice)}</span>}
      </legend>
      <div className="pos-options">
        {group.modifiers.map((modifier) => {
          const picked = choices.picked(group, modifier.id);
          const single = isSingle(group);
          // a tap adds one more (duplicates allowed), or turns the option on and off
          const next = group.allowDuplicates ? picked + 1 : picked > 0 ? 0 : 1;
          const blocked = next > picked && !single && (full || next > MAX_MODIFIER_QUANTITY);
          return (
            <div key={modifier.id} className="pos-option-wrap">
              <button
                type="button"
                className="pos-option"
                aria-pressed={picked > 0}
                disabled={blocked}
                onClick={() => choices.setPick(group, modifier.id, next)}
              >
                <span>{picked > 1 ? `${picked} × ${modifier.name}` : modifier.name}</span>
                <span className="pos-option__price">{plus(modifier.price)}</span>
              </button>
              {group.allowDuplicates && picked > 0 && (
                <button
                  type="button"
                  className="pos-round"
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

export function Stepper(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset className="pos-stepper" aria-label={`Quantity of ${props.label}`}>
      <button
        type="button"
        className="pos-round"
        aria-label="One fewer"
        disabled={props.value <= props.min}
        onClick={() => props.onChange(props.value - 1)}
      >
        −
      </button>
      <output className="pos-stepper__value" aria-live="polite">
        {props.value}
      </output>
      <button
        type="button"
        className="pos-round"
        aria-label="One more"
        disabled={props.value >= props.max}
        onClick={() => props.onChange(props.value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
