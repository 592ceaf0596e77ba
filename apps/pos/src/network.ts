import { ProblemError } from '@brigade/api-client/problem-error';
import { useSyncExternalStore } from 'react';

/**
 * Whether this register can reach the server (issue 46; offline selling: decision 063). Offline when the
 * browser says so, when the last request failed without an answer, or when the last answer came from the
 * service worker's cache (marked `x-brigade-offline: cache`) because the network failed. An answer from the
 * server itself (any status) or the browser's `online` event clears it.
 */
let failed = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function setFailed(next: boolean) {
  if (next === failed) return;
  failed = next;
  emit();
}

/** The header the register's service worker puts on an answer it kept from before (apps/pos/src/offline/sw.js). */
export const FROM_CACHE_HEADER = 'x-brigade-offline';

/** The API client's fetch: every answer says whether the server was reached. */
export async function watchedFetch(...args: Parameters<typeof fetch>): Promise<Response> {
  try {
    const answer = await globalThis.fetch(...args);
    setFailed(answer.headers.get(FROM_CACHE_HEADER) === 'cache');
    return answer;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    throw error;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onOnline = () => setFailed(false);
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
export const isOffline = snapshot;

/** True while the register is offline. */
export const useOffline = () => useSyncExternalStore(subscribe, snapshot, () => false);

/** Runs a request and records whether it failed for want of a network (watchedFetch records the answers). */
export async function tracked<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ProblemError && error.isNetworkError) setFailed(true);
    throw error;
  }
}
