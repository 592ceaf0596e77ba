import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILD_HASH_FILE,
  decideBuild,
  hashInputs,
  NEXT_BUILD_SUFFIX,
  WEB_BUILDS,
  type WebBuild,
} from './web-builds';

/**
 * `npm start`'s build step (issue 20 item 4): builds only the web apps whose sources changed since their
 * last build (scripts/web-builds.ts), one after another as `npm run build:web` does, and records each
 * build's input hash once it has succeeded. A failed build stops start-up with Vite's message.
 *
 * `npm start` runs it beside the server's start-up, so each app is built into `<outDir>.next` and moved
 * into place when whole: the server serves the previous build (or says the app is being built) until then,
 * never half of one.
 *
 *   npx tsx scripts/build-web-if-changed.ts
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');

const readStored = (build: WebBuild) =>
  readFile(join(ROOT, build.outDir, BUILD_HASH_FILE), 'utf8').catch(() => undefined);

function runVite(build: WebBuild, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [VITE, ...build.viteArgs, '--outDir', outDir, '--emptyOutDir'];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build of ${build.name} failed (${signal ?? code})`)),
    );
  });
}

/** Puts a finished build where the server reads it; the old one is gone once the new one is in place. */
async function swapIn(next: string, outDir: string): Promise<void> {
  const old = `${outDir}.old`;
  await rm(old, { recursive: true, force: true });
  if (existsSync(outDir)) await rename(outDir, old);
  await rename(next, outDir);
  await rm(old, { recursive: true, force: true });
}

const started = performance.now();
const hashes = await Promise.all(WEB_BUILDS.map((build) => hashInputs(ROOT, build.inputs)));
let built = 0;
for (const [index, build] of WEB_BUILDS.entries()) {
  const currentHash = hashes[index]!;
  const decision = decideBuild({
    currentHash,
    storedHash: await readStored(build),
    entryExists: existsSync(join(ROOT, build.outDir, build.entry)),
  });
  if (decision === 'up to date') continue;
  process.stdout.write(`Building the ${build.name} app (${decision})...\n`);
  const outDir = join(ROOT, build.outDir);
  const next = `${outDir}${NEXT_BUILD_SUFFIX}`;
  try {
    await runVite(build, next);
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  await writeFile(join(next, BUILD_HASH_FILE), `${currentHash}\n`);
  await swapIn(next, outDir);
  built += 1;
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  built === 0
    ? `Web apps up to date (checked in ${seconds} s).\n`
    : `Built ${built} of ${WEB_BUILDS.length} web apps in ${seconds} s.\n`,
);
