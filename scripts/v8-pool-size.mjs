// How many threads V8 gets for its background work (issue 20): `npm start` runs the server with
// `node --v8-pool-size=$(node scripts/v8-pool-size.mjs)`, and the benches that start the server do the same.
//
// Node gives V8 four threads whatever the machine. The collector's concurrent marking runs on all of them, and
// on two cores they took the cores from the event loop, beside the compression thread and the database's.
// Under a steady ~330 page misses a second the loop then waited up to 12 ms for a core, and one visitor in a
// hundred waited 50-76 ms for a page made in 2. With one thread, 10-35 ms. One core is left for the event
// loop, at most Node's four for V8 (docs/decisions/047-benchmark-history.md, "The collector's threads and the loop").
// Plain JavaScript: it runs before anything is built.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';

const NODE_DEFAULT = 4;

/** V8's background threads for a machine with `cores` cores: one core left for the event loop. */
export function v8PoolSize(cores = availableParallelism()) {
  return Math.max(1, Math.min(NODE_DEFAULT, cores - 1));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${v8PoolSize()}\n`);
}
