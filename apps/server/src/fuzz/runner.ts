import type { Endpoint } from '@brigade/contracts/endpoint';
import type { Db } from '@brigade/db/database';
import fc from 'fast-check';
import {
  callerOf,
  decodedParts,
  type Flavour,
  type FuzzRequest,
  requestArbitrary,
  send,
  urlOf,
} from './requests';
import { changedTables, type FuzzWorld, repairWorld, type StateHasher, type StateSnapshot } from './world';

/**
 * Runs generated requests against a live server and checks two properties on every one:
 * 1. no answer is a 5xx;
 * 2. a refused request (4xx) leaves the stored data as it was: after each refusal the state is compared with
 *    the state before it (row counts, and whether a row version was written since, see stateHasher),
 *    taken again only when the database's transaction clock moved: a refusal that did not even open a
 *    write transaction cannot have changed a row, one that did (and rolled back, or not) is checked.
 * Besides, a request its contract refuses (checked locally with the same zod schemas the server uses) must
 * not be accepted.
 */

export interface FuzzStats {
  sent: number;
  serverErrors: number;
  rejected: number;
  accepted: number;
  snapshots: number;
  clockReads: number;
  byRoute: Map<
    string,
    { sent: number; rejected: number; accepted: number; byStatus: Record<number, number> }
  >;
}

export const newStats = (): FuzzStats => ({
  sent: 0,
  serverErrors: 0,
  rejected: 0,
  accepted: 0,
  snapshots: 0,
  clockReads: 0,
  byRoute: new Map(),
});

export class FuzzFailure extends Error {}

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A request as a failure report shows it: route, URL and a body clipped to something readable. */
export function describeRequest(endpoint: Endpoint, request: FuzzRequest): string {
  const body =
    request.raw !== undefined
      ? `raw ${request.raw.contentType}: ${clip(JSON.stringify(request.raw.text))}`
      : request.body === undefined
        ? 'no body'
        : clip(JSON.stringify(request.body));
  return `${endpoint.method} ${urlOf(endpoint, request).slice(0, 400)} [${request.flavour}] ${body}`;
}

/** Whether the endpoint's contract accepts what the server will see; false only when certainly refused. */
export function contractAccepts(endpoint: Endpoint, request: FuzzRequest): boolean {
  const parts = decodedParts(request);
  const schemas = endpoint.request ?? {};
  if (schemas.params && (parts.params === null || !schemas.params.safeParse(parts.params).success))
    return false;
  // The server's query parser keeps some escapes a strict decoder refuses: only a decoded query is judged.
  if (schemas.query && parts.query !== null && !schemas.query.safeParse(parts.query).success) return false;
  if (parts.body === null) return false;
  if (schemas.body && !schemas.body.safeParse(parts.body.value).success) return false;
  return true;
}

// Successful writes that change these can take the organization or its restaurants out of service for the
// rest of the run (status, plan); the world is put back after each.
const NEEDS_REPAIR = new Set<Endpoint['changes']>(['tenant', 'restaurant']);

interface Known {
  clock: string;
  state: StateSnapshot;
}

export class FuzzRunner {
  private known: Known | null = null;

  constructor(
    private readonly options: {
      baseUrl: string;
      db: Db;
      world: FuzzWorld;
      hasher: StateHasher;
      stats: FuzzStats;
    },
  ) {}

  private async clock() {
    this.options.stats.clockReads++;
    return this.options.hasher.clock();
  }

  private async fingerprint(): Promise<Known> {
    const clock = await this.clock();
    this.options.stats.snapshots++;
    return { clock, state: await this.options.hasher.snapshot(clock) };
  }

  /** The tables changed since the last known state, which becomes the current one. */
  private async changedSinceKnown(): Promise<string[]> {
    const before = this.known;
    if (!before) throw new Error('no known state to compare with');
    const clock = await this.clock();
    if (clock === before.clock) return [];
    this.options.stats.snapshots++;
    const state = await this.options.hasher.snapshot(before.clock);
    this.known = { clock, state };
    return changedTables(before.state, state);
  }

  /** Forgets the known state (after a failure, or after a write that was accepted). */
  reset() {
    this.known = null;
  }

  async run(endpoint: Endpoint, request: FuzzRequest): Promise<void> {
    const { stats, world } = this.options;
    const accepts = contractAccepts(endpoint, request);
    this.known ??= await this.fingerprint();
    const caller = callerOf(endpoint);
    const token = caller === 'owner' ? world.owner.token : caller === 'admin' ? world.admin.token : null;
    const url = urlOf(endpoint, request);
    const response = await send(this.options.baseUrl, endpoint.method, url, token, request);
    const route = `${endpoint.method} ${endpoint.path}`;
    const entry = stats.byRoute.get(route) ?? { sent: 0, rejected: 0, accepted: 0, byStatus: {} };
    stats.byRoute.set(route, entry);
    stats.sent++;
    entry.sent++;
    entry.byStatus[response.status] = (entry.byStatus[response.status] ?? 0) + 1;
    const described = describeRequest(endpoint, request);
    if (process.env.FUZZ_DEBUG) console.log(response.status, described, '→', clip(response.body, 200));

    if (response.status >= 500 && !isGatewayAnswer(endpoint, response)) {
      stats.serverErrors++;
      this.reset();
      throw new FuzzFailure(`${response.status} for ${described}\n  answer: ${clip(response.body)}`);
    }
    if (response.status < 400) {
      stats.accepted++;
      entry.accepted++;
      this.reset();
      if (!accepts) throw new FuzzFailure(`${response.status} for input its contract refuses: ${described}`);
      if (NEEDS_REPAIR.has(endpoint.changes)) await repairWorld(this.options.db, world);
      return;
    }
    stats.rejected++;
    entry.rejected++;
    const changed = await this.changedSinceKnown();
    if (changed.length > 0)
      throw new FuzzFailure(
        `refused (${response.status}) but changed ${changed.join(', ')}: ${described}\n  answer: ${clip(response.body)}`,
      );
  }
}

/** A stable seed per route and flavour, so one route can be replayed alone with the same inputs. */
export function seedFor(base: number, endpoint: Endpoint, flavour: Flavour): number {
  let hash = 0x811c9dc5;
  for (const character of `${endpoint.id}:${flavour}`) {
    hash ^= character.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash ^ base) | 0;
}

/**
 * Checks one route in one flavour: `runs` batches of `batchSize` requests. On failure fast-check shrinks the
 * batch to the smallest one that still fails and the report names the route, the seed and that input.
 */
export async function fuzzRoute(
  runner: FuzzRunner,
  endpoint: Endpoint,
  flavour: Flavour,
  world: FuzzWorld,
  settings: { seed: number; runs: number; batchSize: number },
): Promise<string | null> {
  const seed = seedFor(settings.seed, endpoint, flavour);
  const batch = fc.array(requestArbitrary(endpoint, flavour, world), {
    minLength: 1,
    maxLength: settings.batchSize,
    size: 'max',
  });
  const details = await fc.check(
    fc.asyncProperty(batch, async (requests) => {
      try {
        for (const request of requests) await runner.run(endpoint, request);
      } catch (error) {
        runner.reset();
        throw error;
      }
    }),
    { seed, numRuns: settings.runs, endOnFailure: false, maxSkipsPerRun: 0 },
  );
  if (!details.failed) return null;
  const shrunk = (details.counterexample?.[0] ?? []) as FuzzRequest[];
  const message =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return [
    `${endpoint.method} ${endpoint.path} [${flavour}] failed (seed ${seed}, path "${details.counterexamplePath}", ` +
      `${details.numShrinks} shrinks; replay: FUZZ_SEED=${settings.seed} FUZZ_ROUTE=${endpoint.id}):`,
    `  ${message}`,
    '  shrunk input:',
    ...shrunk.map((request) => `    ${describeRequest(endpoint, request)}`),
  ].join('\n');
}

/**
 * An endpoint that calls the payment gateway may answer 502/504 when the gateway refuses or does not answer
 * (the fuzzer's world has a merchant account with made-up credentials): a stated problem, not a crash.
 */
function isGatewayAnswer(endpoint: { outside?: true }, response: { status: number; body: string }): boolean {
  return (
    endpoint.outside === true &&
    [502, 504].includes(response.status) &&
    /"code":"GATEWAY_/.test(response.body)
  );
}
