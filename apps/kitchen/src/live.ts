import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deviceHeaders } from './queries';

/** The display's live stream: server-sent events, read with fetch (EventSource cannot send the token). */
export const EVENTS_PATH = '/api/v1/kitchen-display/events';

/** Splits what arrived into whole events (`event:` name, blank-line separated); the rest waits for more. */
export function takeEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks
    .map((block) => /^event: ?(.*)$/m.exec(block)?.[1]?.trim())
    .filter((name): name is string => Boolean(name));
  return { events, rest };
}

/**
 * Keeps the boards live (docs/behaviour/kitchen-display.md): while the stream is open, each `change` reads
 * the boards again (a burst once); when it ends or fails, it is opened again after a pause that grows to 10 s,
 * and the boards poll meanwhile. Returns whether the stream is open now.
 */
export function useLiveStream(token: string): boolean {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const stop = new AbortController();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        void client.invalidateQueries({ queryKey: ['kitchen-display'] });
      }, 100);
    };
    /** One connection, until it ends; whether it was heard (its `ready` came). */
    const listen = async (): Promise<boolean> => {
      const answer = await fetch(EVENTS_PATH, { headers: deviceHeaders(token), signal: stop.signal });
      if (!answer.ok || !answer.body) throw new Error(`The live stream answered ${answer.status}`);
      const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let heard = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return heard;
        const { events, rest } = takeEvents(buffer + value);
        buffer = rest;
        for (const event of events) {
          if (event === 'ready') {
            heard = true;
            setOpen(true);
          }
          refresh(); // `ready`: what changed while it was down; `change`: an order moved
        }
      }
    };
    const run = async () => {
      let pause = 1000;
      while (!stop.signal.aborted) {
        const heard = await listen().catch(() => false);
        setOpen(false);
        if (stop.signal.aborted) return;
        // a stream that was open starts over quickly; one that keeps failing waits longer each time
        pause = heard ? 1000 : Math.min(pause * 2, 10_000);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    };
    void run();
    return () => {
      stop.abort();
      if (pending) clearTimeout(pending);
    };
  }, [client, token]);
  return open;
}
