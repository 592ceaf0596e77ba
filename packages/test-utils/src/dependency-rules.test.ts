import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency direction of docs/architecture.md, checked on every import of the source tree: a new
 * import that breaks a rule fails here instead of waiting for a reviewer to notice.
 */
const root = join(import.meta.dirname, '../../..');

interface Workspace {
  name: string;
  dir: string;
  declared: Set<string>;
  declaredDev: Set<string>;
}

const workspaces: Workspace[] = ['packages', 'packages/integrations', 'apps']
  .flatMap((parent) => readdirSync(join(root, parent)).map((name) => join(parent, name)))
  .concat(['bench'])
  .filter((dir) => statSync(join(root, dir, 'package.json'), { throwIfNoEntry: false }))
  .map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    return {
      name: manifest.name,
      dir,
      declared: new Set(Object.keys(manifest.dependencies ?? {})),
      declaredDev: new Set(Object.keys(manifest.devDependencies ?? {})),
    };
  });

/** Which of our packages each workspace may import from its (non-test) source. */
const ALLOWED: Record<string, string[]> = {
  '@brigade/domain': [],
  '@brigade/db': ['@brigade/domain'],
  '@brigade/contracts': ['@brigade/domain'],
  '@brigade/core': [
    '@brigade/cardpointe',
    '@brigade/db',
    '@brigade/domain',
    '@brigade/google-business',
    '@brigade/images',
    // the shared failure categories (IntegrationError.category), decision 060
    '@brigade/integration-kit',
    '@brigade/llm',
    '@brigade/places',
  ],
  // Clients and emulators of outside services (packages/integrations/*): the domain's shapes and the
  // integrations kit (one HTTP exchange, one error base, one retry policy), nothing else.
  '@brigade/integration-kit': [],
  '@brigade/cardpointe': ['@brigade/domain', '@brigade/integration-kit'],
  '@brigade/places': ['@brigade/domain', '@brigade/integration-kit'],
  '@brigade/google-business': ['@brigade/domain', '@brigade/integration-kit'],
  '@brigade/hosting': ['@brigade/domain', '@brigade/integration-kit'],
  '@brigade/llm': ['@brigade/domain', '@brigade/integration-kit'],
  // The tests' second card processor (decision 061): an adapter to the domain's provider port, like CardPointe's.
  '@brigade/test-provider': ['@brigade/domain', '@brigade/integration-kit'],
  '@brigade/twilio': ['@brigade/integration-kit'],
  '@brigade/cdn': ['@brigade/integration-kit'],
  '@brigade/images': ['@brigade/domain'],
  '@brigade/api-client': ['@brigade/contracts', '@brigade/domain'],
  '@brigade/ui': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain'],
  '@brigade/auth-app': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain', '@brigade/ui'],
  '@brigade/management-app': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain', '@brigade/ui'],
  '@brigade/admin-app': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain', '@brigade/ui'],
  '@brigade/menu-app': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain', '@brigade/ui'],
  '@brigade/pos-app': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain', '@brigade/ui'],
  '@brigade/kiosk-app': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain', '@brigade/ui'],
  '@brigade/kitchen-app': ['@brigade/api-client', '@brigade/contracts', '@brigade/domain', '@brigade/ui'],
  // The public site renders on the server from core's use-cases; it names the database only as a type.
  '@brigade/site-app': ['@brigade/core', '@brigade/contracts', '@brigade/db', '@brigade/domain'],
  '@brigade/test-utils': ['@brigade/contracts', '@brigade/core', '@brigade/db', '@brigade/domain'],
  '@brigade/server': [
    '@brigade/cardpointe',
    '@brigade/contracts',
    '@brigade/core',
    '@brigade/db',
    '@brigade/domain',
    '@brigade/google-business',
    '@brigade/hosting',
    '@brigade/images',
    // the runtime factory (startOnFirstUse), decision 060
    '@brigade/integration-kit',
    '@brigade/llm',
    '@brigade/places',
    '@brigade/site-app',
    '@brigade/twilio',
    '@brigade/cdn',
  ],
  '@brigade/bench': [
    '@brigade/cardpointe',
    '@brigade/core',
    '@brigade/db',
    '@brigade/domain',
    '@brigade/google-business',
    '@brigade/images',
    '@brigade/places',
    // The listings bench runs the server in-process to count its statements (listings-sync.bench.ts).
    '@brigade/server',
    '@brigade/site-app',
    '@brigade/test-utils',
  ],
};
/**
 * Where core still names CardPointe (decision 061): the client type for what the port does not cover yet
 * (stored profiles, funding, surcharge, BIN, signatures) and the card terminal, whose answers its adapter reads.
 * Everything that takes or moves money goes through `deps.provider`; a new line here needs a reason.
 */
const NAMES_CARDPOINTE = [
  'packages/core/src/payments/payment-deps.ts imports @brigade/cardpointe/gateway',
  'packages/core/src/pos/card-sale-record.ts imports @brigade/cardpointe/provider',
  'packages/core/src/pos/card-sale-record.ts imports @brigade/cardpointe/terminal',
  'packages/core/src/pos/card-sale.ts imports @brigade/cardpointe/terminal',
  'packages/core/src/pos/terminal-run.ts imports @brigade/cardpointe/terminal',
];

/** Only these know Drizzle and the table definitions (docs/architecture.md#dependency-direction, rule 4). */
const ORM_PACKAGES = new Set(['@brigade/db', '@brigade/core', '@brigade/test-utils']);

/** These open and migrate the database (the process and the benchmarks); the others only name its types. */
const OPENS_DATABASE = new Set(['@brigade/server', '@brigade/bench']);

/** Known exceptions being worked off; each entry is a file and the rule it still breaks. Keep it short. */
const KNOWN: string[] = [];

/**
 * Imports past an area's face, each with its reason (issue 49 §1 goes on until this list is empty). Staff's
 * register unlock names the register by its token through pos/devices; through pos's face it would close a
 * circle, since the register uses staff's face (passcodes, approvals): the device lookups are to move to an
 * area of their own that both use.
 */
const PAST_FACES = ['packages/core/src/staff/register-staff.ts imports ../pos/devices'];

/**
 * Tests and their support files (test-app.ts, test-client.ts, and the contract fuzzer under fuzz/) may use
 * test-utils and the tables.
 */
const isTest = (file: string) => /\.(int\.)?test\.tsx?$|(^|\/)test-[a-z-]+\.ts$|(^|\/)fuzz\//.test(file);
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

interface ImportLine {
  file: string;
  workspace: Workspace;
  specifier: string;
  typeOnly: boolean;
}

const imports: ImportLine[] = workspaces.flatMap((workspace) => {
  const lines: ImportLine[] = [];
  const src = join(root, workspace.dir, 'src');
  if (!statSync(src, { throwIfNoEntry: false })) return lines;
  for (const path of sourceFiles(src)) {
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[3] ?? match[4]!;
      lines.push({ file: relative(root, path), workspace, specifier, typeOnly: Boolean(match[2]) });
    }
  }
  return lines;
});

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

/** A source file an import names: relative, or a workspace's `@brigade/<name>/<path>` (its `./*` export). */
function fileOf(from: string, specifier: string, known: Set<string>): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else {
    const workspace = workspaces.find((w) => w.name === packageOf(specifier));
    if (!workspace) return null;
    base = join(workspace.dir, 'src', specifier.slice(workspace.name.length + 1) || 'index');
  }
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/**
 * Groups of source files that import one another in a circle (Tarjan's strongly connected components over
 * value imports; `import type` is erased and runs nothing). A circle makes the order in which modules run
 * depend on which one is imported first, and it welds the files together (issue 49).
 */
function importCycles(): string[][] {
  const lines = imports.filter(({ file, typeOnly }) => !isTest(file) && !typeOnly);
  const known = new Set(lines.map(({ file }) => file));
  const edges = new Map<string, string[]>();
  for (const { file, specifier } of lines) {
    const target = fileOf(file, specifier, known);
    if (target) edges.set(file, [...(edges.get(file) ?? []), target]);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of known) if (!index.has(file)) visit(file);
  return cycles;
}

describe('dependency rules (docs/architecture.md)', () => {
  it('reads the whole tree', () => {
    expect(workspaces.length).toBeGreaterThanOrEqual(12);
    expect(imports.length).toBeGreaterThan(1000);
  });

  it('imports of our packages point the allowed way', () => {
    const broken = imports
      .filter(({ file, workspace, specifier }) => {
        if (!specifier.startsWith('@brigade/') || isTest(file)) return false;
        const target = packageOf(specifier);
        return target !== workspace.name && !(ALLOWED[workspace.name] ?? []).includes(target);
      })
      .map(({ file, specifier }) => `${file} imports ${specifier}`)
      .filter((line) => !KNOWN.includes(line));
    expect(broken).toEqual([]);
  });

  it("core's payments reach a card processor through the provider port, CardPointe only where listed", () => {
    const named = imports
      .filter(
        ({ file, specifier }) =>
          file.startsWith('packages/core/') && !isTest(file) && specifier.startsWith('@brigade/cardpointe'),
      )
      .map(({ file, specifier }) => `${file} imports ${specifier}`);
    expect(named.sort()).toEqual(NAMES_CARDPOINTE);
  });

  it('only db, core and test-utils know Drizzle and the tables (tests excepted)', () => {
    const broken = imports
      .filter(
        ({ file, workspace, specifier, typeOnly }) =>
          !isTest(file) &&
          !ORM_PACKAGES.has(workspace.name) &&
          (specifier.startsWith('drizzle-orm') ||
            specifier.startsWith('@brigade/db/schema') ||
            (specifier.startsWith('@brigade/db') && !typeOnly && !OPENS_DATABASE.has(workspace.name))),
      )
      .map(({ file, specifier }) => `${file} imports ${specifier}`)
      .filter((line) => !KNOWN.includes(line));
    expect(broken).toEqual([]);
  });

  it('every package a workspace imports is declared in its package.json', () => {
    const undeclared = new Set<string>();
    for (const { file, workspace, specifier } of imports) {
      if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('virtual:'))
        continue;
      const target = packageOf(specifier);
      if (target === workspace.name) continue;
      const declared = workspace.declared.has(target) || (isTest(file) && workspace.declaredDev.has(target));
      // Packages every workspace gets from the root (tool chain, types).
      const fromRoot = ['vitest', 'playwright-core', 'axe-core', 'react', 'react-dom'].includes(target);
      if (!declared && !fromRoot && target.startsWith('@brigade/'))
        undeclared.add(`${workspace.name} → ${target}`);
    }
    expect([...undeclared].sort()).toEqual([]);
  });

  it('an area of core that has a face is reached from other areas through it alone', () => {
    const coreSrc = 'packages/core/src/';
    const areaOf = (file: string) => file.slice(coreSrc.length).split('/')[0]!;
    const faced = new Set(
      imports
        .filter(({ file }) => file.startsWith(coreSrc) && file.endsWith('/index.ts'))
        .map(({ file }) => areaOf(file)),
    );
    expect([...faced]).toEqual(expect.arrayContaining(['ordering', 'pos', 'ledger', 'printing', 'staff']));
    const past = imports
      .filter(
        ({ file, specifier }) => file.startsWith(coreSrc) && !isTest(file) && specifier.startsWith('../'),
      )
      .flatMap(({ file, specifier }) => {
        const target = join(dirname(file), specifier);
        if (!target.startsWith(coreSrc)) return [];
        const area = areaOf(target);
        const inner = target.slice(coreSrc.length + area.length + 1);
        return faced.has(area) && area !== areaOf(file) && inner !== 'index'
          ? [`${file} imports ${specifier}`]
          : [];
      });
    expect(past).toEqual(PAST_FACES);
  });

  it('no source file imports itself through other files (value imports)', () => {
    expect(importCycles()).toEqual([]);
  });
});
