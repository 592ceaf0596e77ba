import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { offlineRegister } from './vite-offline.ts';

// The register (issue 46) lives under /pos/. `npm start` serves apps/pos/dist there on the API port and on
// every app port; `vite apps/pos` (dev) proxies /api.
export default defineConfig({
  base: '/pos/',
  plugins: [react(), offlineRegister(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 3006,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3002', changeOrigin: false } },
  },
});
