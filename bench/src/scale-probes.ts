import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { signInApi } from './processes';
import { percentile } from './stats';
import { hasWrk, wrk } from './wrk';

/**
 * The requests `npm run bench -- scale` times at every scale, the same ones each time (the demo's tenant,
 * restaurants and logins, and hosts mapped to them), so the ratio between scales is what more tenants cost.
 */

const SAMPLES = 500;
const WARM_UPS = 20;
const ROUNDS = 2;
/** Hosts a row asks for at most: every round's requests, each a new host. */
export const HOSTS_PER_ROW = ROUNDS * (WARM_UPS + SAMPLES);
const WRK_CONNECTIONS = 20;
const WRK_SECONDS = 5;

/** One row's figures at one scale (ms), and a throughput where wrk measured it. */
export interface Figures {
  p50: number;
  p99: number;
  rps?: number;
  errors: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection, its body read; the status, or throws on a network error. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * `ROUNDS` rounds of `WARM_UPS` then `SAMPLES` GETs one after another (request `i` from `requestOf(i)`, `i`
 * counting on across rounds, so no host is asked twice); the round with the lower p99 (ms). The machine is
 * shared: a round that another process's burst hit says little about the server.
 */
async function sequential(
  requestOf: (i: number) => { url: string; headers: Record<string, string> },
): Promise<Figures> {
  let best: Figures | undefined;
  let errors = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const times: number[] = [];
    for (let n = 0; n < WARM_UPS + SAMPLES; n += 1) {
      const { url, headers } = requestOf(round * (WARM_UPS + SAMPLES) + n);
      const started = performance.now();
      const status = await get(url, headers);
      if (n >= WARM_UPS) times.push(performance.now() - started);
      if (status >= 400) errors += 1;
    }
    times.sort((a, b) => a - b);
    const figures = { p50: percentile(times, 50), p99: percentile(times, 99), errors: 0 };
    if (!best || figures.p99 < best.p99) best = figures;
  }
  return { ...best!, errors };
}

/** What the probes need of a running server and of the demo. */
export interface ProbeTarget {
  origin: string;
  siteOrigin: string;
  tenantId: number;
  restaurantId: number;
  /** Hosts mapped to the demo's restaurants, none asked for yet on this server: 2 × HOSTS_PER_ROW + 1. */
  hosts: string[];
}

export const PROBE_ROWS = [
  'host resolution, a cold host each (GET /public/resolve)',
  'public page, cached (wrk, one host)',
  'public page, uncached (a new host each)',
  'resolved menu (GET …/menus/{id}, Drinks)',
  'admin search: users (?search=olive)',
  'admin search: restaurants (?search=harbor)',
  "audit log: the tenant's newest page",
  'audit log: every tenant, newest page (admin)',
  "orders board: today's orders",
  "orders board: today's summary",
] as const;

const BR = { 'accept-encoding': 'br' };

/** The id of the demo's Drinks menu (the smallest), or its first. */
async function drinksMenu(origin: string, owner: string, scope: string): Promise<number> {
  const answer = await fetch(`${origin}/api/v1${scope}/menus`, { headers: { authorization: owner } });
  const menus = ((await answer.json()) as { data: { menuGroupId: number; name: string }[] }).data;
  return (menus.find((menu) => /drink/i.test(menu.name)) ?? menus[0]!).menuGroupId;
}

/** Every row of PROBE_ROWS at this server, in that order. */
export async function runProbes(target: ProbeTarget): Promise<Figures[]> {
  const { origin, siteOrigin, hosts } = target;
  const admin = `Bearer ${(await signInApi(origin, { email: 'admin@brigade.local', password: 'brigade-admin' })).token}`;
  const owner = `Bearer ${(await signInApi(origin, { email: 'owner@brigade.local', password: 'brigade-owner' })).token}`;
  const scope = `/tenants/${target.tenantId}/restaurants/${target.restaurantId}`;
  const menuId = await drinksMenu(origin, owner, scope);
  const api = (path: string, token: string) => () => ({
    url: `${origin}/api/v1${path}`,
    headers: { authorization: token, ...BR },
  });
  const page = (host: string) => ({ url: `${siteOrigin}/`, headers: { host, ...BR } });
  const figures: Figures[] = [];
  figures.push(
    await sequential((i) => ({ url: `${origin}/api/v1/public/resolve?host=${hosts[i]}`, headers: {} })),
  );
  figures.push(await cachedPage(siteOrigin, hosts[hosts.length - 1]!));
  figures.push(await sequential((i) => page(hosts[HOSTS_PER_ROW + i]!)));
  figures.push(await sequential(api(`${scope}/menus/${menuId}`, owner)));
  figures.push(await sequential(api('/admin-users?search=olive', admin)));
  figures.push(await sequential(api('/admin/restaurants?search=harbor', admin)));
  figures.push(await sequential(api(`/tenants/${target.tenantId}/audit-log`, owner)));
  figures.push(await sequential(api('/admin/audit-log', admin)));
  figures.push(await sequential(api(`${scope}/orders`, owner)));
  figures.push(await sequential(api(`${scope}/orders/summary`, owner)));
  return figures;
}

/** The same host's page over and over with wrk (after as long unmeasured), or sequentially without wrk. */
async function cachedPage(siteOrigin: string, host: string): Promise<Figures> {
  if (!hasWrk()) return sequential(() => ({ url: `${siteOrigin}/`, headers: { host, ...BR } }));
  // `Host` as wrk spells it: in any other case wrk sends its own beside it
  const options = { connections: WRK_CONNECTIONS, durationS: WRK_SECONDS, headers: { Host: host, ...BR } };
  await wrk(`${siteOrigin}/`, options);
  const figures = await wrk(`${siteOrigin}/`, options);
  return { p50: figures.p50, p99: figures.p99, rps: figures.rps, errors: figures.errors };
}

/** The process's resident memory now and at its peak (MB), from /proc; Linux only. */
export function rssOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}
