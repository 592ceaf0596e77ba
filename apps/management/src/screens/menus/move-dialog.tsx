import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';

export interface MoveChoice {
  id: number;
  label: string;
  /** 0 for the menu itself; indents the choice. */
  depth: number;
  /** Shown but not choosable (where the thing is now, or a group that already has the item). */
  disabled?: boolean;
  /** Why it is disabled: "current", "already there". */
  note?: string;
}

/**
 * "Move to…" for an item or a subgroup: the menu's groups as an indented tree of radio choices (the current
 * place disabled and marked), Cancel and Move. The radios are one group, so the arrow keys go through them.
 */
export function MoveDialog({
  open,
  onClose,
  title,
  description,
  choices,
  onMove,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  choices: readonly MoveChoice[];
  /** Moves to the chosen group; the dialog closes when it resolves and shows the error when it throws. */
  onMove: (targetId: number) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstFree = choices.find((choice) => !choice.disabled);

  const move = async () => {
    if (chosen === null) return;
    setMoving(true);
    setError(null);
    try {
      await onMove(chosen);
      onClose();
    } catch (e) {
      setError(errorMessageOf(e, 'Could not move'));
    } finally {
      setMoving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void move()}
            disabled={chosen === null}
            loading={moving}
            loadingText="Moving..."
          >
            Move
          </Button>
        </>
      }
    >
      <div className="cat-form">
        {error && <Alert title="Could not move">{error}</Alert>}
        {firstFree ? (
          <MoveChoices choices={choices} chosen={chosen} firstFree={firstFree} onChoose={setChosen} />
        ) : (
          <p className="ui-muted ui-small">This menu has no other group to move to.</p>
        )}
      </div>
    </Dialog>
  );
}

/** The places as one group of radios, indented by depth; the first free one takes the focus. */
function MoveChoices({
  choices,
  chosen,
  firstFree,
  onChoose,
}: {
  choices: readonly MoveChoice[];
  chosen: number | null;
  firstFree: MoveChoice;
  onChoose: (id: number) => void;
}) {
  const name = useId();
  const legendId = useId();
  return (
    <fieldset className="cat-move-tree" aria-labelledby={legendId}>
      <legend id={legendId} className="ui-visually-hidden">
        Move to
      </legend>
      <ul>
        {choices.map((choice) => (
          <li key={choice.id} style={{ paddingInlineStart: `${choice.depth * 1.25}rem` }}>
            <label className="ui-checkbox" data-disabled={choice.disabled || undefined}>
              <input
                type="radio"
                name={name}
                value={choice.id}
                checked={chosen === choice.id}
                disabled={choice.disabled}
                onChange={() => onChoose(choice.id)}
                data-autofocus={choice === firstFree || undefined}
              />
              <span>
                {choice.label}
                {choice.note && <span className="cat-move-tree__note"> ({choice.note})</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
