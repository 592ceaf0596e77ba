// Must stay the first import (see the module).
import './production-env';
import { benchBundles } from './bundles.bench';
import { benchCatalogue } from './catalogue.bench';
import { benchCounters } from './counters.bench';
import { benchDomains } from './domains.bench';
import { benchHttp } from './http.bench';
import { benchImages } from './images.bench';
import { benchJobs } from './jobs.bench';
import { benchListings } from './listings.bench';
import { benchOfflineSync } from './offline-sync.bench';
import { benchOrdering } from './ordering.bench';
import { benchPayments } from './payments.bench';
import { benchPlaces } from './places.bench';
import { benchPos } from './pos.bench';
import { benchReports } from './reports.bench';
import { benchRss } from './rss.bench';
import { benchScale } from './scale.bench';
import { benchSite } from './site.bench';
import { benchSiteMiss } from './site-miss.bench';
import { missesOverHttp } from './site-miss-http';
import { benchSoak } from './soak.bench';
import { benchStartup } from './startup.bench';
import { benchTickets } from './tickets.bench';

/**
 * `npm run bench`: prints figures; it asserts nothing about speed (goals are read from the figures, not
 * enforced by tests). Pass names to run a subset: `npm run bench -- counters`; `soak` runs only when named.
 */
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const BENCHES: Record<string, () => Promise<void>> = {
  counters: () => benchCounters(postgresUrl),
  http: () => benchHttp(postgresUrl),
  catalogue: () => benchCatalogue(postgresUrl),
  domains: () => benchDomains(postgresUrl),
  images: () => benchImages(),
  site: () => benchSite(),
  'site-miss': () => benchSiteMiss(),
  // its over-HTTP tables alone (a real server; no in-process part)
  'site-miss-http': () => missesOverHttp(),
  rss: () => benchRss(postgresUrl),
  bundles: () => benchBundles(),
  payments: () => benchPayments(postgresUrl),
  ordering: () => benchOrdering(postgresUrl),
  places: () => benchPlaces(postgresUrl),
  listings: () => benchListings(postgresUrl),
  soak: () => benchSoak(postgresUrl),
  startup: () => benchStartup(postgresUrl),
  jobs: () => benchJobs(postgresUrl),
  tickets: () => benchTickets(postgresUrl),
  reports: () => benchReports(postgresUrl),
  pos: () => benchPos(postgresUrl),
  'offline-sync': () => benchOfflineSync(postgresUrl),
  scale: () => benchScale(postgresUrl),
};
/**
 * Run only when named: a soak takes minutes and needs wrk; site-miss-http is a part of site-miss; scale
 * generates millions of rows (minutes).
 */
const ON_REQUEST = new Set(['soak', 'site-miss-http', 'scale']);

const selected = process.argv.slice(2).filter((arg) => arg !== '--');
const names = selected.length > 0 ? selected : Object.keys(BENCHES).filter((name) => !ON_REQUEST.has(name));
process.stdout.write(`Brigade benchmarks (${new Date().toISOString()}, node ${process.version})\n`);
for (const name of names) {
  const bench = BENCHES[name];
  if (!bench) {
    process.stderr.write(`Unknown benchmark ${name}; choose from ${Object.keys(BENCHES).join(', ')}\n`);
    process.exit(1);
  }
  await bench();
}
