import type { Reply } from './emulator-answers';
import { settleUpTo } from './emulator-settlement';
import type { EmulatorState } from './emulator-state';

/**
 * The emulator's own controls over HTTP, for tests that cannot reach the emulator object (browser tests
 * against a running server). The real gateway has nothing under /emulator/: no client of Brigade calls it.
 *
 * - `GET /emulator/clock` → `{ now }`;
 * - `POST /emulator/clock` `{ advanceMs }` → `{ now }`: moves the emulated clock forward (settlement and
 *   funding follow), as `clock.advance` does.
 */
export const CONTROL_PREFIX = '/emulator/';
export const CLOCK_PATH = '/emulator/clock';
/** At most a year per call. */
const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;

export function control(
  state: EmulatorState,
  method: string,
  path: string,
  body: Record<string, unknown> | undefined,
): Reply {
  if (path !== CLOCK_PATH) return { status: 404, body: { message: 'No such emulator control' } };
  if (method === 'GET') return clockNow(state);
  if (method !== 'POST') return { status: 405, headers: { allow: 'GET, POST' }, body: {} };
  const advanceMs = body?.advanceMs;
  if (
    typeof advanceMs !== 'number' ||
    !Number.isInteger(advanceMs) ||
    advanceMs < 0 ||
    advanceMs > MAX_ADVANCE_MS
  )
    return {
      status: 400,
      body: { message: 'advanceMs must be a whole number of milliseconds, 0 to a year' },
    };
  state.clock.now += advanceMs;
  settleUpTo(state, state.clock.now);
  return clockNow(state);
}

const clockNow = (state: EmulatorState): Reply => ({
  status: 200,
  body: { now: new Date(state.clock.now).toISOString() },
});
