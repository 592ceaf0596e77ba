import { ProblemError } from '@brigade/api-client/problem-error';
import { useSyncExternalStore } from 'react';

/**
 * Whether this register can reach the server (issue 46: a register that loses the network shows it at once
 * and refuses to take money it cannot record). Offline when the browser says so, or when the last request
 * failed without an answer; an answer from the server (any status) or the browser's `online` event clears it.
 */
let failed = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function noteResult(error: unknown): void {
  const next = error instanceof ProblemError ? error.isNetworkError : false;
  if (next === failed) return;
  failed = next;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onOnline = () => {
    failed = false;
    emit();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', emit);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', emit);
  };
}

const snapshot = () => failed || !navigator.onLine;

/** True while the register is offline. */
export const useOffline = () => useSyncExternalStore(subscribe, snapshot, () => false);

/** Runs a request and records whether it reached the server. */
export async function tracked<T>(request: () => Promise<T>): Promise<T> {
  try {
    const result = await request();
    noteResult(null);
    return result;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) noteResult(error);
    throw error;
  }
}
