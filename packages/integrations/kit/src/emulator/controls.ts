import { type Answer, json } from './answers';
import { isObject } from './body';
import type { EmulatorClock } from './clock';
import type { Fault, FaultPlan, PlannedFault } from './faults';

/**
 * Every emulator's own controls over HTTP, for tests that cannot reach the emulator object (browser tests
 * against a running server, `npm run emulators` in another process). No real service has anything under
 * /emulator/: no client of Brigade calls it.
 *
 * - `GET /emulator/clock` → `{ now }`; `POST /emulator/clock` `{ advanceMs }` → `{ now }`: moves the
 *   emulated clock forward (when the emulator has one);
 * - `POST /emulator/faults` `{ method?, path?, status?, body?, headers?, delayMs?, hang?, drop?, times?,
 *   skip? }`: the next `times` (default 1) requests whose method is `method` and whose path starts with
 *   `path` get `status` (with `body` as JSON), wait `delayMs` first, get no answer (`hang`), or have their
 *   connection cut (`drop`); `DELETE /emulator/faults` forgets them all.
 */
export const CLOCK_PATH = '/emulator/clock';
export const FAULTS_PATH = '/emulator/faults';
/** At most a year per call. */
const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;
const MAX_DELAY_MS = 600_000;

const clockNow = (clock: EmulatorClock): Answer => json(200, { now: new Date(clock.now()).toISOString() });

export function clockControl(
  clock: EmulatorClock,
  method: string,
  body: Record<string, unknown> | undefined,
): Answer {
  if (method === 'GET') return clockNow(clock);
  if (method !== 'POST') return json(405, {}, { allow: 'GET, POST' });
  const advanceMs = body?.advanceMs;
  if (
    typeof advanceMs !== 'number' ||
    !Number.isInteger(advanceMs) ||
    advanceMs < 0 ||
    advanceMs > MAX_ADVANCE_MS
  )
    return json(400, { message: 'advanceMs must be a whole number of milliseconds, 0 to a year' });
  clock.advance(advanceMs);
  return clockNow(clock);
}

const wholeIn = (value: unknown, min: number, max: number) =>
  value === undefined ||
  (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max);

/** The fault a control body describes, or the message saying what is wrong with it. */
function faultOf(body: Record<string, unknown>): Fault | string {
  const { status, delayMs, hang, drop, headers } = body;
  const chosen = [status !== undefined, delayMs !== undefined, hang === true, drop === true].filter(Boolean);
  if (chosen.length !== 1) return 'give exactly one of status, delayMs, hang: true or drop: true';
  if (hang === true) return { kind: 'hang' };
  if (drop === true) return { kind: 'drop' };
  if (delayMs !== undefined)
    return wholeIn(delayMs, 0, MAX_DELAY_MS)
      ? { kind: 'delay', ms: delayMs as number }
      : 'delayMs must be 0 to 600000';
  if (!wholeIn(status, 200, 599)) return 'status must be an HTTP status, 200 to 599';
  if (
    headers !== undefined &&
    (!isObject(headers) || Object.values(headers).some((v) => typeof v !== 'string'))
  )
    return 'headers must be an object of strings';
  const answer: Answer = { status: status as number, json: body.body ?? {} };
  return {
    kind: 'answer',
    answer: headers ? { ...answer, headers: headers as Record<string, string> } : answer,
  };
}

export interface FaultTarget {
  method: string;
  path: string;
}

export function faultControl<T extends FaultTarget>(
  faults: FaultPlan<T>,
  method: string,
  body: Record<string, unknown> | undefined,
): Answer {
  if (method === 'DELETE') {
    faults.clear();
    return json(200, { planned: 0 });
  }
  if (method !== 'POST') return json(405, {}, { allow: 'POST, DELETE' });
  if (!body) return json(400, { message: 'the body must be a JSON object' });
  const fault = faultOf(body);
  if (typeof fault === 'string') return json(400, { message: fault });
  const { method: onlyMethod, path, times, skip } = body;
  if (onlyMethod !== undefined && typeof onlyMethod !== 'string')
    return json(400, { message: 'method must be a string' });
  if (path !== undefined && typeof path !== 'string') return json(400, { message: 'path must be a string' });
  if (!wholeIn(times, 1, 10_000) || !wholeIn(skip, 0, 10_000))
    return json(400, { message: 'times must be 1 to 10000 and skip 0 to 10000' });
  const planned: PlannedFault<T> = {
    fault,
    match: (target) =>
      (onlyMethod === undefined || target.method === onlyMethod.toUpperCase()) &&
      (path === undefined || target.path.startsWith(path)),
    times: times as number | undefined,
    skip: skip as number | undefined,
  };
  faults.add(planned);
  return json(200, { planned: faults.size });
}
