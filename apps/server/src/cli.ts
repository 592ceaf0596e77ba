import { parseArgs } from 'node:util';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { readCounter, resetCounter } from '@brigade/core/counters/counter-service';
import { ensureSiteAdmin } from '@brigade/core/identity/admin-users-service';
import { rebuildLedger } from '@brigade/core/ledger/index';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { DataDirInUseError } from '@brigade/db/data-dir-lock';
import { isBrigadeError } from '@brigade/domain/errors';
import { ConfigError, loadConfig } from './config';
import { openMigratedDatabase } from './runtime';

const USAGE = `Usage: npm run brigade -- <command> [options]

Commands:
  migrate                      apply the database migrations
  seed [--large]               create the demo tenant, restaurants, menu and logins (idempotent); --large
                               also loads the large-chain catalogue into the second demo restaurant
  create-admin --email E --password P [--first F --last L]
                               create a site administrator, or promote an existing account
  counters:show --type T [--tenant N --restaurant N]
                               show a counter's last issued id
  counters:reset --type T [--tenant N --restaurant N] [--value V]
                               reset a counter to V, or to first id - 1 (as the counters' ids start)
  ledger:rebuild [--tenant N]  derive the sales ledger again from the orders and payments (every
                               restaurant, or one tenant's); the same records give the same lines
  print-bridge                 run the LAN print bridge until stopped (no database; configured by
                               PRINT_BRIDGE_* variables, see docs/operations/print-bridge.md)

The database is the one \`npm start\` uses: DATABASE_URL, else the embedded one in BRIGADE_DATA_DIR (./.data).
`;

const toNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

const OPTIONS = {
  type: { type: 'string' },
  tenant: { type: 'string' },
  restaurant: { type: 'string' },
  value: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  large: { type: 'boolean' },
} as const;

type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;

/** What each command does once the database is open and migrated. */
const COMMANDS: Record<string, (database: Database, values: Options) => Promise<void>> = {
  migrate: async (database) => {
    process.stdout.write(`Migrations applied (${database.engine}, ${database.location})\n`);
  },
  seed: seedCommand,
  'create-admin': createAdminCommand,
  'counters:show': async (database, values) => {
    const counter = await readCounter(database.db, counterScope(values));
    process.stdout.write(counter ? `${JSON.stringify(counter)}\n` : 'The counter has not been used yet\n');
  },
  'counters:reset': async (database, values) => {
    const value = await resetCounter(database.db, {
      ...counterScope(values),
      value: toNumber(values.value),
    });
    process.stdout.write(`Counter ${values.type} reset: last issued id ${value}, next id ${value + 1}\n`);
  },
  'ledger:rebuild': async (database, values) => {
    const tenantId = toNumber(values.tenant);
    const result = await rebuildLedger(database.db, tenantId === undefined ? {} : { tenantId });
    process.stdout.write(
      `Ledger rebuilt: ${result.restaurants} restaurants, ${result.deleted} lines removed, ${result.added} lines written\n`,
    );
  },
};

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(USAGE);
    return command || values.help ? 0 : 1;
  }
  // the print bridge runs on the restaurant's network, away from the database
  if (command === 'print-bridge') return (await import('../../print-bridge/src/main')).runPrintBridge();
  const perform = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!perform) {
    process.stderr.write(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  }
  const database = await openMigratedDatabase(loadConfig());
  try {
    await perform(database, values);
    return 0;
  } finally {
    await database.close();
  }
}

/** The counter named by --type, --tenant and --restaurant (docs/behaviour/ids-and-counters.md). */
const counterScope = (values: Options) => ({
  entityType: values.type,
  ...(values.tenant === undefined ? {} : { tenantId: toNumber(values.tenant) }),
  ...(values.restaurant === undefined ? {} : { restaurantId: toNumber(values.restaurant) }),
});

/** The demo tenant and its small menu; with --large, the large-chain catalogue in the second restaurant. */
async function seedCommand(database: Database, values: Options): Promise<void> {
  const result = await seedDemo(database.db);
  const verb = result.created ? 'Created' : 'Already present:';
  process.stdout.write(
    `${verb} demo tenant ${result.tenant.tenantId} with restaurants ${result.restaurants.map((r) => r.restaurantId).join(', ')}\n`,
  );
  const first = result.restaurant;
  await seedLargeChainOnce(
    database.db,
    { tenantId: first.tenantId, restaurantId: first.restaurantId, actor: 'System' },
    demoCatalogue,
  );
  if (!values.large) return;
  // The first demo restaurant has the small demo menu; the large chain goes into the second.
  const { tenantId, restaurantId } = result.restaurants[1] ?? first;
  const loaded = await seedLargeChainOnce(database.db, { tenantId, restaurantId, actor: 'System' });
  process.stdout.write(
    loaded
      ? `Loaded the large-chain catalogue into restaurant ${restaurantId}\n`
      : `Restaurant ${restaurantId} already has a catalogue; nothing loaded\n`,
  );
}

async function createAdminCommand(database: Database, values: Options): Promise<void> {
  if (!values.email || !values.password) throw new ConfigError('create-admin needs --email and --password');
  const { user, created } = await ensureSiteAdmin(database.db, {
    email: values.email,
    password: values.password,
    firstName: values.first,
    lastName: values.last,
  });
  process.stdout.write(
    `${created ? 'Created' : 'Promoted'} site administrator ${user.email} (uid ${user.uid})\n`,
  );
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ConfigError || error instanceof DataDirInUseError || isBrigadeError(error)) {
      process.stderr.write(`${isBrigadeError(error) ? `${error.code}: ` : ''}${error.message}\n`);
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  },
);
