import { MAX_QUANTITY } from '@brigade/domain/ordering/cart';
import { type Dispatch, useId, useState } from 'react';
import type { CheckAction } from '../check/check';
import type { PricedCheckLine } from '../check/pricing';
import { useRegisterContext } from '../register/context';

/** One line of the check: name, size and choices, quantity − / +, a note for the kitchen, remove. */
export function CheckLineRow({ line, dispatch }: { line: PricedCheckLine; dispatch: Dispatch<CheckAction> }) {
  const [editing, setEditing] = useState(false);
  const noteId = useId();
  const { key, notes } = line.line;
  const name = line.item?.name ?? line.priced?.name ?? `Item ${line.line.itemId}`;
  return (
    <li className="pos-line" data-line-key={key}>
      <LineDetails line={line} name={name} showNote={!editing} />
      <LineActions
        line={line}
        name={name}
        dispatch={dispatch}
        editing={editing}
        noteId={noteId}
        onToggleNote={() => setEditing((open) => !open)}
      />
      {editing && (
        <input
          id={noteId}
          className="ui-field__input pos-line__note-input"
          aria-label={`Note for the kitchen: ${name}`}
          placeholder="No onions, please"
          maxLength={200}
          value={notes ?? ''}
          // biome-ignore lint/a11y/noAutofocus: the note field opens on the cashier's own tap
          autoFocus
          onChange={(event) => dispatch({ type: 'notes', key, notes: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'Escape') setEditing(false);
          }}
        />
      )}
    </li>
  );
}

function LineDetails({ line, name, showNote }: { line: PricedCheckLine; name: string; showNote: boolean }) {
  const { money } = useRegisterContext();
  const { quantity, notes } = line.line;
  const size = line.priced?.sizeName;
  return (
    <>
      <div className="pos-line__main">
        <span className="pos-line__name">
          {quantity > 1 && <span className="pos-line__qty">{quantity} × </span>}
          {name}
          {size && <span className="pos-line__size"> ({size})</span>}
        </span>
        <span className="pos-line__total">{line.priced ? money(line.priced.lineTotal) : '—'}</span>
      </div>
      {line.priced && line.priced.modifiers.length > 0 && (
        <ul className="pos-line__mods">
          {line.priced.modifiers.map((m) => (
            <li key={`${m.modifierGroupId}:${m.modifierId}`}>
              {m.quantity > 1 ? `${m.quantity} × ${m.name}` : m.name}
              {m.price > 0 && ` +${money(m.price)}`}
            </li>
          ))}
        </ul>
      )}
      {line.priced && line.line.openPrice !== undefined && (
        <p className="pos-line__note">Open price {money(line.priced.unitPrice)}</p>
      )}
      {notes && showNote && <p className="pos-line__note">Note: {notes}</p>}
      {line.errors.map((error) => (
        <p key={error.path + error.message} className="ui-field__error">
          {error.message}
        </p>
      ))}
    </>
  );
}

function LineActions(props: {
  line: PricedCheckLine;
  name: string;
  dispatch: Dispatch<CheckAction>;
  editing: boolean;
  noteId: string;
  onToggleNote: () => void;
}) {
  const { name, dispatch } = props;
  const { key, quantity } = props.line.line;
  return (
    <div className="pos-line__actions">
      <button
        type="button"
        className="pos-round"
        aria-label={`One fewer ${name}`}
        disabled={quantity <= 1}
        onClick={() => dispatch({ type: 'quantity', key, quantity: quantity - 1 })}
      >
        −
      </button>
      <span className="pos-line__count">
        <span className="ui-visually-hidden">Quantity </span>
        {quantity}
      </span>
      <button
        type="button"
        className="pos-round"
        aria-label={`One more ${name}`}
        disabled={quantity >= MAX_QUANTITY}
        onClick={() => dispatch({ type: 'quantity', key, quantity: quantity + 1 })}
      >
        +
      </button>
      <button
        type="button"
        className="pos-line__action pos-line__action--note"
        aria-expanded={props.editing}
        aria-controls={props.editing ? props.noteId : undefined}
        aria-label={`Note for ${name}`}
        onClick={props.onToggleNote}
      >
        Note
      </button>
      <button
        type="button"
        className="pos-line__action pos-line__action--remove"
        aria-label={`Remove ${name}`}
        onClick={() => dispatch({ type: 'remove', key })}
      >
        Remove
      </button>
    </div>
  );
}
