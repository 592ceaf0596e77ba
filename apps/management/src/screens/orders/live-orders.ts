import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/*
 * Live orders (docs/jobs.md#live-screens): the orders screen and the kitchen display hear the restaurant's
 * order stream (server-sent events fed by the database) and refetch when an order changes, on whichever
 * instance it changed. While the stream is down the screens poll every 3 seconds instead (orders-api.ts).
 */

let connected = 0;
const listeners = new Set<() => void>();
const setConnected = (change: 1 | -1) => {
  connected += change;
  for (const listener of listeners) listener();
};

/** Whether a live stream is open now: the screens poll only while none is. */
export function useLiveStreamOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected > 0,
  );
}

/** One stream per restaurant however many parts of the page ask for it (the shell's badge and a screen). */
const streams = new Map<string, { users: number; close: () => void }>();

function openStream(tenantId: number, restaurantId: number, queryClient: QueryClient): () => void {
  const source = new EventSource(`/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/orders/events`);
  let open = false;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    // a burst of changes (an order and its tickets) refetches once
    pending ??= setTimeout(() => {
      pending = undefined;
      void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'ordering') });
    }, 100);
  };
  const opened = () => {
    if (!open) setConnected(1);
    open = true;
  };
  const lost = () => {
    if (open) setConnected(-1);
    open = false;
  };
  source.addEventListener('ready', () => {
    opened();
    refresh(); // what changed while the stream was down
  });
  source.addEventListener('change', refresh);
  source.addEventListener('error', lost); // EventSource reconnects by itself; `ready` comes again
  return () => {
    lost();
    if (pending) clearTimeout(pending);
    source.close();
  };
}

/** Opens the restaurant's order stream while the calling component is shown (shared with the others). */
export function useOrderStream(enabled = true): void {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const key = `${tenantId}/${restaurantId}`;
    const stream = streams.get(key) ?? {
      users: 0,
      close: openStream(tenantId, restaurantId, queryClient),
    };
    stream.users += 1;
    streams.set(key, stream);
    return () => {
      stream.users -= 1;
      if (stream.users > 0) return;
      streams.delete(key);
      stream.close();
    };
  }, [enabled, tenantId, restaurantId, queryClient]);
}
