import { useEffect, useRef } from 'react';
import { AUTO_SELECT_DELAY_MS } from './constants';

/**
 * When a list holds exactly one entry it is selected automatically, once, after the
 * auto-select delay (100 ms). Shared by the tenant picker and the restaurant selector.
 */
export function useAutoSelectSingle<T>(
  items: readonly T[] | undefined,
  enabled: boolean,
  onSelect: (item: T) => void,
): void {
  const selected = useRef(false);
  const only = items?.length === 1 ? items[0] : undefined;
  useEffect(() => {
    if (!enabled || only === undefined || selected.current) return;
    selected.current = true;
    const timer = window.setTimeout(() => onSelect(only), AUTO_SELECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, only, onSelect]);
}
