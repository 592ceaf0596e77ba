import { useEffect, useRef, useState } from 'react';

/*
 * New online orders call for attention: a short beep (Web Audio API, no sound file) when an order arrives
 * that the screen had not seen, and the count of new orders in the tab's title ("(2) Orders — Brigade").
 */

export const TITLE = 'Orders — Brigade';
export const titleWith = (newCount: number) => (newCount > 0 ? `(${newCount}) ${TITLE}` : TITLE);

let audio: AudioContext | null = null;

/** The page's one audio context, made at first need; null where there is no audio. */
function audioContext(): AudioContext | null {
  try {
    audio ??= new AudioContext();
    return audio;
  } catch {
    return null;
  }
}

/** Two short tones. Browsers start audio only after a user gesture on the page; before that it is silent. */
export function beep(): void {
  try {
    const audio = audioContext();
    if (!audio) return;
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1175],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.16);
    }
  } catch {
    // no audio here (an old browser, a test): the title badge still tells
  }
}

/** Order ids that appeared since the last call (none on the first call: those were there already). */
export function arrivals(
  seen: Set<number> | null,
  ids: readonly number[],
): { seen: Set<number>; fresh: number[] } {
  if (seen === null) return { seen: new Set(ids), fresh: [] };
  const fresh = ids.filter((id) => !seen.has(id));
  return { seen: new Set([...seen, ...ids]), fresh };
}

/** Beeps for orders that arrived while the screen was open, and keeps the title's count of new orders. */
export function useNewOrderAlert(newOrderIds: readonly number[] | undefined): void {
  const seen = useRef<Set<number> | null>(null);
  const key = newOrderIds?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' text is what the effect follows
  useEffect(() => {
    if (!newOrderIds) return;
    const next = arrivals(seen.current, newOrderIds);
    seen.current = next.seen;
    if (next.fresh.length > 0) beep();
    document.title = titleWith(newOrderIds.length);
  }, [key]);
  useEffect(
    () => () => {
      document.title = 'Brigade';
    },
    [],
  );
}

/**
 * Whether the browser holds the chime back until someone interacts with the page (its autoplay policy: an
 * audio context starts `suspended`). Any tap or key press on the page lets it start, so the first one is taken;
 * `enable` is the one-tap "Turn sound on" of the banner, which also plays the chime so people hear it works.
 */
export function useSoundBlocked(): { blocked: boolean; enable: () => void } {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const context = audioContext();
    if (!context) return;
    const update = () => setBlocked(context.state === 'suspended');
    const resume = () => void context.resume().catch(() => {});
    update();
    context.addEventListener('statechange', update);
    document.addEventListener('pointerdown', resume, { capture: true });
    document.addEventListener('keydown', resume, { capture: true });
    return () => {
      context.removeEventListener('statechange', update);
      document.removeEventListener('pointerdown', resume, { capture: true });
      document.removeEventListener('keydown', resume, { capture: true });
    };
  }, []);
  const enable = () => {
    const context = audioContext();
    void context
      ?.resume()
      .then(() => {
        setBlocked(context.state === 'suspended');
        beep();
      })
      .catch(() => {});
  };
  return { blocked, enable };
}
