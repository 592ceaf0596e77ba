import { errorMessage } from '@brigade/api-client/problem-error';
import type { CardEntryState } from '@brigade/domain/payments/card-entry';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useCardEntryMessages } from '@brigade/ui/lib/card-entry-frame';
import { useId, useRef } from 'react';
import { useCardEntry } from './payments-api';

export type { CardEntryState };

/**
 * The hosted card-entry frame: card number, expiry and CVV are typed into the gateway's page, never into
 * ours; it hands back a token. `generation` reloads the frame (a new payment, another card).
 */
export function CardFrame({
  state,
  onChange,
  generation,
  error,
}: {
  state: CardEntryState;
  onChange: (state: CardEntryState) => void;
  generation: number;
  error?: string | null;
}) {
  const entry = useCardEntry(true);
  const frame = useRef<HTMLIFrameElement>(null);
  const statusId = useId();
  useCardEntryMessages(entry.data?.origin, frame, onChange);
  return (
    <div className="pay-card-frame">
      {entry.isPending ? (
        <Skeleton height="9rem" />
      ) : entry.isError ? (
        <Alert title="The card entry could not be loaded">
          {errorMessage(entry.error)}{' '}
          <Button variant="link" onClick={() => void entry.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <iframe
          key={generation}
          ref={frame}
          src={entry.data.url}
          title="Card details"
          className="pay-card-frame__frame"
          aria-describedby={statusId}
        />
      )}
      <CardStatus id={statusId} state={state} error={error} />
    </div>
  );
}

function CardStatus({ id, state, error }: { id: string; state: CardEntryState; error?: string | null }) {
  let text =
    'Enter the card in the box above. Card numbers go straight to the card processor, never to Brigade.';
  let className = 'ui-field__hint';
  if (state.kind === 'token') {
    const expiry =
      state.expiry.length === 4 ? ` (expires ${state.expiry.slice(0, 2)}/${state.expiry.slice(2)})` : '';
    text = `Card details received${expiry}.`;
    className = 'ui-field__hint pay-card-frame__ok';
  } else if (state.kind === 'invalid') {
    text = state.message;
    className = 'ui-field__error';
  } else if (error) {
    text = error;
    className = 'ui-field__error';
  }
  return (
    <p id={id} className={className} aria-live="polite">
      {text}
    </p>
  );
}
