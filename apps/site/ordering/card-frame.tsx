/** @jsxImportSource preact */
import { type CardEntryState, readCardEntryMessage } from '@brigade/domain/payments/card-entry';
import { useEffect, useRef } from 'preact/hooks';

/**
 * The gateway's hosted card-entry page in a frame: the card number, expiry and CVV are typed there and
 * never reach Brigade; the frame posts back a token. Messages from any other origin or window are ignored.
 */
export function CardFrame(props: {
  url: string;
  origin: string;
  generation: number;
  state: CardEntryState;
  onChange: (state: CardEntryState) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== props.origin) return;
      if (frame.current && event.source !== frame.current.contentWindow) return;
      const state = readCardEntryMessage(event.data);
      if (state) onChange.current(state);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [props.origin]);
  const { state } = props;
  return (
    <div class="bo-card">
      <iframe
        key={props.generation}
        ref={frame}
        src={props.url}
        title="Card details"
        class="bo-card__frame"
        aria-describedby="bo-card-status"
      />
      <p id="bo-card-status" class={state.kind === 'invalid' ? 'bo-error' : 'bo-hint'} aria-live="polite">
        {state.kind === 'token'
          ? 'Card details received.'
          : state.kind === 'invalid'
            ? state.message
            : 'Your card details go straight to the card processor, never to this website.'}
      </p>
    </div>
  );
}
