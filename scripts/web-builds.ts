import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { hashFiles } from './files-hash.mjs';

/**
 * The web builds `npm start` needs, and whether each is up to date (issue 20 item 4): a build's inputs are
 * hashed (paths and contents, not times, so a checkout or a copy does not count as a change) and the hash is
 * kept in its output directory after a successful build. `npm run build:web` (and so `npm test`) still
 * builds everything every time; Vite empties the output directory, so a hash never outlives its build.
 */

export interface WebBuild {
  name: string;
  /** Output directory, relative to the repository root. */
  outDir: string;
  /** A file every finished build has (relative to outDir). */
  entry: string;
  /** Files and directories whose contents decide the output, relative to the repository root. */
  inputs: string[];
  /** Arguments to `vite`, as in the build:web script of package.json. */
  viteArgs: string[];
}

export const BUILD_HASH_FILE = '.build-hash';
/** `npm start` builds into `<outDir>.next` and moves it into place when whole (build-web-if-changed.ts). */
export const NEXT_BUILD_SUFFIX = '.next';

/** What every build reads besides its own sources: shared packages, tool versions and settings. */
const SHARED_INPUTS = [
  'packages/domain/src',
  'packages/contracts/src',
  'packages/api-client/src',
  'packages/ui/src',
  'scripts/vite-precompress.ts',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
];

const spaBuild = (name: string): WebBuild => ({
  name,
  outDir: `apps/${name}/dist`,
  entry: 'index.html',
  inputs: [`apps/${name}/src`, `apps/${name}/index.html`, `apps/${name}/vite.config.ts`, ...SHARED_INPUTS],
  viteArgs: ['build', `apps/${name}`, '--logLevel', 'warn'],
});

export const WEB_BUILDS: WebBuild[] = [
  spaBuild('auth'),
  spaBuild('admin'),
  spaBuild('management'),
  spaBuild('menu'),
  spaBuild('pos'),
  spaBuild('kiosk'),
  spaBuild('kitchen'),
  {
    name: 'site ordering',
    outDir: 'apps/site/dist-ordering',
    entry: 'ordering.js',
    inputs: ['apps/site/ordering', ...SHARED_INPUTS],
    viteArgs: [
      'build',
      'apps/site/ordering',
      '--config',
      'apps/site/ordering/vite.config.ts',
      '--logLevel',
      'warn',
    ],
  },
];

/** Tests are never part of a bundle, so editing one does not call for a build. */
const IGNORED = /(?:^|\/)(?:node_modules|dist|dist-[^/]+)\/|\.(?:int\.)?test\.tsx?$/;

async function filesOf(root: string, input: string): Promise<string[]> {
  const path = join(root, input);
  if (!existsSync(path)) return [];
  if (!(await stat(path)).isDirectory()) return [input];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !IGNORED.test(file));
}

/** SHA-256 over the sorted paths and contents of the inputs' files; a missing input counts as absent. */
export async function hashInputs(root: string, inputs: string[]): Promise<string> {
  const files = [...new Set((await Promise.all(inputs.map((input) => filesOf(root, input)))).flat())].sort();
  return hashFiles(root, files);
}

export type BuildDecision = 'up to date' | 'never built' | 'sources changed';

/** A build is skipped only when its output is complete and was built from exactly these inputs. */
export function decideBuild(input: {
  currentHash: string;
  storedHash: string | undefined;
  entryExists: boolean;
}): BuildDecision {
  if (!input.entryExists || input.storedHash === undefined) return 'never built';
  return input.storedHash.trim() === input.currentHash ? 'up to date' : 'sources changed';
}
