import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/*
 * An emulator's memory on disk (`npm run emulators`, decision 060): the service is another machine, so a
 * Brigade crash — or the emulator's own restart — must not erase what it authorised, posted or registered.
 * The whole state is written after every request that may have changed it, to a temporary file renamed over
 * the last one (a reader never sees half a file). JSON, with Maps and Sets written as their entries.
 */

/*
 * Maps and Sets are turned into tagged objects by a walk of our own before JSON.stringify sees the state:
 * a replacer is too late, because JSON.stringify calls a value's toJSON first, and a polyfill loaded by any
 * module in the process (core-js 2's es7.map.to-json, via babel-polyfill) gives Map and Set one that writes
 * them as plain arrays, which came back after a restart as arrays (`state.accessTokens.get is not a function`).
 */
function encode(value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value.entries()].map(([k, v]) => [encode(k), encode(v)]) };
  if (value instanceof Set) return { $set: [...value].map(encode) };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

const reviver = (_key: string, value: unknown) => {
  if (!value || typeof value !== 'object') return value;
  const tagged = value as { $map?: unknown; $set?: unknown };
  if (Array.isArray(tagged.$map)) return new Map(tagged.$map as [unknown, unknown][]);
  if (Array.isArray(tagged.$set)) return new Set(tagged.$set);
  return value;
};

export function saveStateFile(state: unknown, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(encode(state)));
  renameSync(temporary, file);
}

/** The state a previous run left, or null when there is none. */
export function loadStateFile<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8'), reviver) as T;
}

export interface StateStore<T> {
  state: T;
  /** Whether the state came from the file (a restart) rather than `initial()`. */
  loaded: boolean;
  /** Writes the state to its file (nothing without one). */
  save(): void;
}

/**
 * The emulator's state: the file's when it exists (`revive` may fill fields a newer emulator added), else
 * `initial()`; without a file it lives and dies with the process.
 */
export function openState<T>(
  file: string | undefined,
  initial: () => T,
  revive?: (loaded: T) => T,
): StateStore<T> {
  const loaded = file ? loadStateFile<T>(file) : null;
  const state = loaded ? (revive ? revive(loaded) : loaded) : initial();
  return {
    state,
    loaded: loaded !== null,
    save: () => {
      if (file) saveStateFile(state, file);
    },
  };
}
