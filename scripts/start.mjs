// `npm start` (issue 20): the server runs as plain JavaScript, from a bundle made from its TypeScript when
// the sources changed since the last one (server-build.mjs). Beside the server's start-up, a child process
// builds the web apps whose sources changed (build-web-if-changed.ts): an app asked for before its first
// build is in place is answered "being built" (apps/server/src/plugins/web-apps.ts), and a failed build
// ends start-up with Vite's message.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, REPO_ROOT } from './server-build.mjs';

const webBuilds = spawn(
  process.execPath,
  ['--import', 'tsx', join(REPO_ROOT, 'scripts/build-web-if-changed.ts')],
  { cwd: REPO_ROOT, stdio: 'inherit' },
);
webBuilds.on('error', (error) => {
  process.stderr.write(`The web builds could not start: ${error.message}\n`);
  process.exit(1);
});
webBuilds.on('exit', (code) => {
  if (code !== 0) process.exit(1);
});

const started = performance.now();
const { file, decision } = await ensureServerBuild().catch((error) => {
  // A server that does not compile does not start (esbuild's message names the file and line).
  webBuilds.kill();
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
if (decision !== 'up to date') {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Built the server (${decision}) in ${seconds} s.\n`);
}
await import(pathToFileURL(file).href);
