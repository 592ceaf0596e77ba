import { type CardEntryState, readCardEntryMessage } from '@brigade/domain/payments/card-entry';
import { useEffect, useRef } from 'react';

/**
 * The hosted card-entry frame's messages (its token, expiry, or why the card is not valid), from exactly
 * its origin and its window; other windows' messages are ignored. Management's payments and the register's
 * keyed card both listen through this one hook.
 */
export function useCardEntryMessages(
  origin: string | undefined,
  frame: React.RefObject<HTMLIFrameElement | null>,
  onChange: (state: CardEntryState) => void,
) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (!origin) return;
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      if (frame.current && event.source !== frame.current.contentWindow) return;
      const state = readCardEntryMessage(event.data);
      if (state) onChangeRef.current(state);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [origin, frame]);
}
