import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printTable } from './stats';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The React apps and the path prefix Vite built them for (vite.config.ts `base`). */
const APPS = [
  { name: 'auth', base: '/auth/', boot: [] },
  // main.tsx shows "Loading application..." and imports the app chunk at once: it is part of the start
  { name: 'management', base: '/manage/', boot: ['app'] },
  // the site administration app boots the same way (issue 17)
  { name: 'admin', base: '/admin/', boot: ['app'] },
  { name: 'menu', base: '/menu/', boot: [] },
] as const;

export interface InitialBundle {
  files: string[];
  jsBytes: number;
  jsGzip: number;
  cssGzip: number;
}

/**
 * What a browser must download before an app's first screen runs: the entry script, every module it
 * preloads (Vite writes them as <link rel="modulepreload">, i.e. the static import graph) and the
 * stylesheets, read from the built index.html; plus the `boot` chunks (by name: `app` is assets/app-*.js)
 * that the entry imports dynamically at start-up, with their static imports. Lazily loaded route chunks
 * are not part of it.
 */
export function initialBundle(distDir: string, base: string, boot: readonly string[] = []): InitialBundle {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="(?:modulepreload|stylesheet)"/g),
  ].map((match) => match[1]!);
  const files = [...new Set(refs)].filter((ref) => ref.startsWith(base)).map((ref) => ref.slice(base.length));
  const assets = readdirSync(join(distDir, 'assets'));
  const pending = boot.flatMap((name) =>
    assets
      .filter((file) => file.startsWith(`${name}-`) && file.endsWith('.js'))
      .map((file) => `assets/${file}`),
  );
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    // the chunk's static imports (Vite writes them as `from"./x.js"` or `import"./x.js"`)
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
      pending.push(`assets/${match[1]}`);
  }
  let jsBytes = 0;
  let jsGzip = 0;
  let cssGzip = 0;
  for (const file of files) {
    const content = readFileSync(join(distDir, file));
    const gzipped = gzipSync(content, { level: 9 }).length;
    if (file.endsWith('.css')) cssGzip += gzipped;
    else {
      jsBytes += content.length;
      jsGzip += gzipped;
    }
  }
  return { files, jsBytes, jsGzip, cssGzip };
}

/** `npm run bench -- bundles`: initial download of each built app (run `npm run build:web` first). */
export async function benchBundles(): Promise<void> {
  const rows: string[][] = [];
  for (const app of APPS) {
    const dist = join(ROOT, 'apps', app.name, 'dist');
    if (!existsSync(join(dist, 'index.html'))) {
      rows.push([app.name, 'not built (npm run build:web)', '', '', '']);
      continue;
    }
    const bundle = initialBundle(dist, app.base, app.boot);
    rows.push([
      app.name,
      String(bundle.files.length),
      (bundle.jsBytes / 1024).toFixed(1),
      (bundle.jsGzip / 1024).toFixed(1),
      (bundle.cssGzip / 1024).toFixed(1),
    ]);
  }
  printTable(
    'Initial download of each app (entry script, its preloaded imports, chunks imported at start-up, stylesheets; gzip -9). Goal for management and admin: ≤ 250 KB JS gzip',
    ['app', 'files', 'JS KiB', 'JS gzip KiB', 'CSS gzip KiB'],
    rows,
  );
}
