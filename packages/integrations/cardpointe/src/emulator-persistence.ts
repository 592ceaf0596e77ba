import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EmulatorState } from './emulator-state';

/*
 * The emulator's memory on disk (`npm run emulators`, docs/operations/cardpointe.md#the-emulator): the gateway is
 * another machine, so a Brigade crash — or the emulator's own — must not erase what it authorised, captured or
 * tokenised. The whole state is written after every request that may have changed it, to a temporary file
 * renamed over the last one (a reader never sees half a file). JSON, with Maps written as their entries.
 */

const replacer = (_key: string, value: unknown) =>
  value instanceof Map ? { $map: [...value.entries()] } : value;

const reviver = (_key: string, value: unknown) =>
  value && typeof value === 'object' && Array.isArray((value as { $map?: unknown }).$map)
    ? new Map((value as { $map: [unknown, unknown][] }).$map)
    : value;

export function saveState(state: EmulatorState, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state, replacer));
  renameSync(temporary, file);
}

/** The state a previous run left, or null when there is none. */
export function loadState(file: string): EmulatorState | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8'), reviver) as EmulatorState;
}
