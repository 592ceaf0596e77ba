import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The self-order kiosk (issue 47 item 4) lives under /kiosk/. `npm start` serves apps/kiosk/dist there on the
// API port and on every app port; `vite apps/kiosk` (dev) proxies /api.
export default defineConfig({
  base: '/kiosk/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 3007,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3002', changeOrigin: false } },
  },
});
