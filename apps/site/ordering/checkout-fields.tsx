/** @jsxImportSource preact */
import type { MenuData } from './api';
import { pickupLabel } from './money';

/** Checkout's form sections: pickup time, the guest's details, the tip. */

export type Tip = { percent: number } | { amount: number } | null;
export interface Customer {
  name: string;
  email: string;
  phone: string;
}

export function PickupFields(props: {
  menu: MenuData;
  pickup: string;
  onPickup: (p: string) => void;
  error?: string | undefined;
}) {
  const { menu, pickup } = props;
  return (
    <fieldset class="bo-group">
      <legend>Pickup time</legend>
      {menu.asapAt ? (
        <label class="bo-choice">
          <input
            type="radio"
            name="pickup"
            checked={pickup === 'asap'}
            onChange={() => props.onPickup('asap')}
          />
          <span>As soon as possible (about {pickupLabel(menu.asapAt)})</span>
        </label>
      ) : null}
      <label class="bo-choice">
        <input
          type="radio"
          name="pickup"
          checked={pickup !== 'asap'}
          disabled={menu.slots.length === 0}
          onChange={() => props.onPickup(menu.slots[0] ?? '')}
        />
        <span>Schedule for later</span>
      </label>
      {pickup !== 'asap' ? (
        <label class="bo-field">
          <span>Time</span>
          <select value={pickup} onChange={(e) => props.onPickup((e.target as HTMLSelectElement).value)}>
            {menu.slots.map((slot) => (
              <option key={slot} value={slot}>
                {pickupLabel(slot)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {props.error ? <p class="bo-error">{props.error}</p> : null}
    </fieldset>
  );
}

export function DetailsFields(props: {
  customer: Customer;
  onCustomer: (c: Customer) => void;
  notes: string;
  onNotes: (n: string) => void;
  errorOf: (path: string) => string | undefined;
}) {
  const { customer } = props;
  const field = (name: keyof Customer) => (e: Event) =>
    props.onCustomer({ ...customer, [name]: (e.target as HTMLInputElement).value });
  return (
    <fieldset class="bo-group">
      <legend>Your details</legend>
      <Input
        label="Name"
        autocomplete="name"
        value={customer.name}
        onInput={field('name')}
        error={props.errorOf('customer.name')}
      />
      <Input
        label="Email (for the receipt)"
        type="email"
        autocomplete="email"
        value={customer.email}
        onInput={field('email')}
        error={props.errorOf('customer.email')}
      />
      <Input
        label="Phone"
        type="tel"
        autocomplete="tel"
        value={customer.phone}
        onInput={field('phone')}
        error={props.errorOf('customer.phone')}
      />
      <Input
        label="Note for the restaurant (optional)"
        value={props.notes}
        onInput={(e) => props.onNotes((e.target as HTMLInputElement).value)}
        error={props.errorOf('notes')}
      />
    </fieldset>
  );
}

export function TipFields(props: { presets: number[]; tip: Tip; onTip: (tip: Tip) => void }) {
  const { tip } = props;
  return (
    <fieldset class="bo-group">
      <legend>Tip</legend>
      <div class="bo-tips">
        {props.presets.map((percent) => (
          <button
            key={percent}
            type="button"
            class="bo-tip"
            aria-pressed={tip !== null && 'percent' in tip && tip.percent === percent}
            onClick={() => props.onTip({ percent })}
          >
            {percent}%
          </button>
        ))}
        <button type="button" class="bo-tip" aria-pressed={tip === null} onClick={() => props.onTip(null)}>
          No tip
        </button>
      </div>
    </fieldset>
  );
}

function Input(props: {
  label: string;
  value: string;
  onInput: (e: Event) => void;
  type?: 'text' | 'email' | 'tel';
  autocomplete?: string;
  error?: string | undefined;
}) {
  const id = `bo-${props.label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <label class="bo-field" for={id}>
      <span>{props.label}</span>
      <input
        id={id}
        // one of text, email or tel: Preact's types want the literal
        type={(props.type ?? 'text') as 'text'}
        autocomplete={props.autocomplete}
        value={props.value}
        onInput={props.onInput}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error ? (
        <span id={`${id}-error`} class="bo-error">
          {props.error}
        </span>
      ) : null}
    </label>
  );
}
