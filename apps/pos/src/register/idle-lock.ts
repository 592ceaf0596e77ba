import { useEffect } from 'react';

/**
 * Locks the register after `seconds` without a touch, a click or a key (the time-clock settings' auto-lock).
 * Off while `enabled` is false (nobody is signed in at the register, or the lock is not used).
 */
export function useIdleLock(enabled: boolean, seconds: number, onIdle: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let timer = window.setTimeout(onIdle, seconds * 1000);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, seconds * 1000);
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, restart);
    };
  }, [enabled, seconds, onIdle]);
}
