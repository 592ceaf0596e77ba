import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The menu display app lives under /menu/. `npm start` serves apps/menu/dist there on the API port and on
// the menu port (3003 in development); `vite apps/menu` (dev) proxies /api.
export default defineConfig({
  base: '/menu/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 3003,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3002', changeOrigin: false } },
  },
});
