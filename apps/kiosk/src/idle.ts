import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a guest may leave the kiosk before it asks whether they are still there, and how long it waits. */
export const IDLE_MS = 60_000;
export const WARNING_SECONDS = 20;

/**
 * Inactivity on the kiosk (WCAG 2.2.1: the guest is warned and can ask for more time): after `IDLE_MS`
 * without a touch or a key, `warning` counts down from `WARNING_SECONDS`; any touch or key, or "I'm still
 * here", starts over; at zero `onTimeout` runs (the attract screen, the cart cleared).
 */
export function useIdle(active: boolean, onTimeout: () => void) {
  const [warning, setWarning] = useState<number | null>(null);
  const timeout = useRef(onTimeout);
  timeout.current = onTimeout;
  const timer = useRef<number | undefined>(undefined);
  const stillHere = useCallback(() => {
    window.clearTimeout(timer.current);
    setWarning(null);
    timer.current = window.setTimeout(() => setWarning(WARNING_SECONDS), IDLE_MS);
  }, []);
  useEffect(() => {
    if (!active) {
      window.clearTimeout(timer.current);
      setWarning(null);
      return;
    }
    stillHere();
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, stillHere, { passive: true });
    return () => {
      window.clearTimeout(timer.current);
      for (const name of events) window.removeEventListener(name, stillHere);
    };
  }, [active, stillHere]);
  useEffect(() => {
    if (warning === null) return;
    if (warning <= 0) {
      setWarning(null);
      timeout.current();
      return;
    }
    const tick = window.setTimeout(() => setWarning((n) => (n === null ? null : n - 1)), 1000);
    return () => window.clearTimeout(tick);
  }, [warning]);
  return { warning, stillHere };
}
