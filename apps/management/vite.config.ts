import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The management app lives under /manage/. `npm start` serves apps/management/dist there on the API port
// and on the management port (3005 in development); `vite apps/management` (dev) proxies /api.
export default defineConfig({
  base: '/manage/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 3005,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3002', changeOrigin: false } },
  },
});
