import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The auth app lives under /auth/ (default auth path /auth). `npm start` serves apps/auth/dist
// there; `vite apps/auth` (dev) proxies /api to the API on :3002 so calls stay same-origin.
export default defineConfig({
  base: '/auth/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3002', changeOrigin: false } },
  },
});
