import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The paired kitchen display (issue 45 item 6, decision 069) lives under /kitchen/. `npm start` serves
// apps/kitchen/dist there on the API port and on every app port; `vite apps/kitchen` (dev) proxies /api.
export default defineConfig({
  base: '/kitchen/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 3008,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3002', changeOrigin: false } },
  },
});
