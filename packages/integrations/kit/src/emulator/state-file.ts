import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/*
 * An emulator's memory on disk (`npm run emulators`, decision 060): the service is another machine, so a
 * Brigade crash — or the emulator's own restart — must not erase what it authorised, posted or registered.
 * The whole state is written after every request that may have changed it, to a temporary file renamed over
 * the last one (a reader never sees half a file). JSON, with Maps and Sets written as their entries.
 */

const replacer = (_key: string, value: unknown) =>
  value instanceof Map ? { $map: [...value.entries()] } : value instanceof Set ? { $set: [...value] } : value;

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
  writeFileSync(temporary, JSON.stringify(state, replacer));
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
