import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const WORKER_SOURCE = fileURLToPath(new URL('./src/offline/sw.js', import.meta.url));

/** The register's web app manifest: installable from `/pos/`, opening full screen on the register. */
export const MANIFEST = {
  name: 'Brigade Register',
  short_name: 'Register',
  description: 'Brigade register: ring up counter sales, online or not.',
  id: '/pos/',
  start_url: '/pos/',
  scope: '/pos/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#ffffff',
  theme_color: '#c2410c',
  icons: [
    { src: '/pos/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: '/pos/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
  ],
};

const ICON =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='#c2410c'/>" +
  "<path d='M10 9h7.5a4.5 4.5 0 0 1 1.9 8.6A4.8 4.8 0 0 1 17.8 27H10z' fill='white'/></svg>";

/** The files the worker keeps at install: the page, the manifest, the icon and every built asset. */
export function shellFiles(bundleFiles: readonly string[]): string[] {
  const built = bundleFiles.filter((file) => !file.endsWith('.map') && file !== 'sw.js');
  return [
    'index.html',
    'manifest.webmanifest',
    'icon.svg',
    ...built.filter((f) => f !== 'index.html'),
  ].sort();
}

/**
 * Makes the register installable and able to open offline (decision 063): writes `manifest.webmanifest`,
 * `icon.svg` and `sw.js` — the hand-written worker in src/offline/sw.js with this build's file list and a
 * version drawn from it, so a new build replaces the cached shell.
 */
export function offlineRegister(): Plugin {
  return {
    name: 'brigade-offline-register',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(MANIFEST) });
      this.emitFile({ type: 'asset', fileName: 'icon.svg', source: ICON });
      const shell = shellFiles(Object.keys(bundle));
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(WORKER_SOURCE, 'utf8')
        .replace("'__BRIGADE_VERSION__'", JSON.stringify(version))
        .replace('__BRIGADE_SHELL__', JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
