// npm start's server build (issue 20): the server's TypeScript (its own code and the workspace packages it
// imports) bundled by esbuild into one ES module, so that the server process runs plain JavaScript. Run by
// TypeScript through tsx, the process carried tsx's loader thread and every module's source with an inline
// source map: 75 MB more RSS and 15 MB more heap (docs/decisions/047-benchmark-history.md). npm packages stay out of the bundle and
// load from node_modules as they are. Plain JavaScript, because start.mjs runs it before anything is built.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashFiles } from './files-hash.mjs';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The server's entry: what `npm start` runs (start.mjs), and the benches and the start-up test. */
export const SERVER_ENTRY = 'apps/server/src/main.ts';
export const SERVER_BUNDLE = 'apps/server/dist/server.mjs';
/** Beside the bundle: the hash of what it was built from, and the list of those files. */
const STAMP_SUFFIX = '.inputs.json';
const SELF = fileURLToPath(import.meta.url);

/**
 * The bundle for `entry`, built first when it is missing or any file it was built from changed (paths and
 * contents are hashed, not times: a checkout or a copy is no change). Returns the bundle's path and what
 * was decided. Two processes starting at once may both build; each writes whole files and renames them.
 */
export async function ensureServerBuild({
  root = REPO_ROOT,
  entry = SERVER_ENTRY,
  outFile = SERVER_BUNDLE,
} = {}) {
  const file = resolve(root, outFile);
  const stamp = await readStamp(`${file}${STAMP_SUFFIX}`);
  let decision = 'never built';
  if (stamp && existsSync(file)) {
    decision = (await hashOf(root, stamp.inputs)) === stamp.hash ? 'up to date' : 'sources changed';
  }
  if (decision !== 'up to date') await buildServer({ root, entry, outFile });
  return { file, decision };
}

/** Bundles `entry` into `outFile` (with a source map beside it) and records what it was built from. */
export async function buildServer({ root = REPO_ROOT, entry = SERVER_ENTRY, outFile = SERVER_BUNDLE } = {}) {
  const { build, stop } = await import('esbuild');
  const file = resolve(root, outFile);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // Not minified: names and code stay readable in stack traces. `node --enable-source-maps` maps them to
    // the TypeScript sources through the map beside the bundle.
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [workspaceOnly(root)],
  }).finally(() => stop());
  const sources = Object.keys(result.metafile.inputs).map((input) =>
    relative(root, resolve(root, input)).split(sep).join('/'),
  );
  // Besides the sources: the package files that say where a workspace import leads (their `exports`).
  const inputs = [
    ...new Set([...sources, ...sources.flatMap((source) => packageFileOf(root, source))]),
  ].sort();
  const tmp = `.${process.pid}.tmp`;
  await mkdir(dirname(file), { recursive: true });
  for (const output of result.outputFiles) await writeFile(`${output.path}${tmp}`, output.contents);
  await writeFile(
    `${file}${STAMP_SUFFIX}${tmp}`,
    JSON.stringify({ hash: await hashOf(root, inputs), inputs }),
  );
  for (const output of result.outputFiles) await rename(`${output.path}${tmp}`, output.path);
  await rename(`${file}${STAMP_SUFFIX}${tmp}`, `${file}${STAMP_SUFFIX}`);
  return { file, inputs };
}

async function readStamp(path) {
  try {
    const stamp = JSON.parse(await readFile(path, 'utf8'));
    return typeof stamp.hash === 'string' && Array.isArray(stamp.inputs) ? stamp : null;
  } catch {
    return null;
  }
}

/** The inputs' hash, after esbuild's version and this file (a change to either calls for a new bundle). */
async function hashOf(root, inputs) {
  const esbuild = JSON.parse(await readFile(join(REPO_ROOT, 'node_modules/esbuild/package.json'), 'utf8'));
  return hashFiles(root, inputs, [`esbuild ${esbuild.version}\0`, await readFile(SELF)]);
}

/**
 * Workspace code goes into the bundle; npm packages are left to Node, resolved from the bundle's folder.
 * That is the same copy only when the package is installed at the root's node_modules, so a package that
 * an importer would get from a nested node_modules fails the build. `import.meta.url` is each source file's
 * own address, so files found beside a module (migrations, public files, a worker's script) stay found.
 */
function workspaceOnly(root) {
  const rootModules = join(root, 'node_modules');
  return {
    name: 'brigade-workspace-only',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@brigade/')) return undefined;
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const name = packageName(args.path);
        const found = nearestPackage(args.resolveDir, name);
        if (found && found !== join(rootModules, name)) {
          return { errors: [{ text: `${name} is installed at ${found}, not in the root's node_modules` }] };
        }
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        return {
          contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: loaderOf(args.path),
        };
      });
    },
  };
}

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The package.json of the workspace a source belongs to (relative to root), if any. */
function packageFileOf(root, source) {
  for (let dir = dirname(source); dir !== '.' && dir !== ''; dir = dirname(dir)) {
    if (existsSync(join(root, dir, 'package.json'))) return [`${dir}/package.json`];
  }
  return [];
}

/** The first `node_modules/<name>` above `dir`, as Node would find it. */
function nearestPackage(dir, name) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(at) === at) return null;
  }
}

function loaderOf(path) {
  const extension = path.slice(path.lastIndexOf('.') + 1);
  if (extension === 'tsx' || extension === 'jsx') return extension;
  return extension.endsWith('ts') ? 'ts' : 'js';
}
