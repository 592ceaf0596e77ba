import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PORT_SLICES } from './packages/test-utils/src/ports';

// Test kinds by suffix (ARCHITECTURE §8): *.test.ts is pure logic; *.int.test.ts talks to a real database
// over real HTTP. Integration tests always run on PGlite, and once more on PostgreSQL when DATABASE_URL is set.
const unitInclude = [
  'packages/*/src/**/*.test.ts',
  'packages/integrations/*/src/**/*.test.ts',
  'apps/*/src/**/*.test.ts',
  'bench/src/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const intInclude = [
  'packages/*/src/**/*.int.test.ts',
  'packages/integrations/*/src/**/*.int.test.ts',
  'apps/*/src/**/*.int.test.ts',
];

// Test files run side by side, two per core: a file spends much of its time waiting (on its database, its
// server's timers, a browser, a process it killed), and with one file per core a 2-core machine sat ~40 % idle
// through a run (issue 49: 1,600 s of CPU in a 1,465 s run). At most one per port slice: freePort
// (packages/test-utils/src/ports.ts) gives each worker its own.
const WORKERS = Math.min(PORT_SLICES, 2 * Math.max(2, availableParallelism()));

// Integration files that need a module graph of their own: one replaces a module (vi.mock), one measures the
// process's memory, one loads a crawler whose babel-polyfill (core-js 2) changes built-ins for the whole
// process (Map.prototype.toJSON: an emulator's state file came back with arrays for Maps). The others share one graph per worker (isolate: false): each file imported the server's
// whole graph again (~4 s a file, 245 s of a run), and files share no state through modules: each opens its
// own database and server.
const ownGraph = [
  'apps/site/src/handler.int.test.ts',
  'packages/db/src/pglite-memory.int.test.ts',
  'apps/server/src/site-crawlers.int.test.ts',
];

// The integrations' own tests talk to emulators over HTTP, never to a database: they run once, with PGlite's.
const noDatabase = ['packages/integrations/*/src/**/*.int.test.ts'];

const integration = (engine: 'pglite' | 'postgres') => {
  const test = {
    env: { BRIGADE_TEST_ENGINE: engine, LOG_LEVEL: 'silent' },
    globalSetup: ['packages/test-utils/src/global-setup.ts'],
    setupFiles: ['packages/test-utils/src/no-queued-statements.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: on a loaded 2-core machine a server's answer can take longer
    expect: { poll: { timeout: 10_000 } },
  };
  return [
    {
      test: {
        ...test,
        name: `int:${engine}`,
        include: intInclude,
        exclude: engine === 'postgres' ? [...ownGraph, ...noDatabase] : ownGraph,
        isolate: false,
      },
    },
    { test: { ...test, name: `int:${engine}:own`, include: ownGraph } },
  ];
};

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // the suite's time (issue 49): each project's worker time and the slowest files, printed at the end
    reporters: ['default', './scripts/file-times-reporter.ts'],
    projects: [
      { test: { name: 'unit', include: unitInclude, exclude: intInclude } },
      ...integration('pglite'),
      ...(process.env.DATABASE_URL ? integration('postgres') : []),
      // Browser tests (e2e/**/*.e2e.ts): Debian Chromium driven by playwright-core against a real server.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          env: { LOG_LEVEL: 'silent' },
          isolate: false,
          // four files share two cores: the longest browser test (the menu builder, 25 s alone) took 42 s
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // expect.poll's default 1 s: a CI run saw a clock-in's answer arrive later than that
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
