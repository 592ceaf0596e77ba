import { defineConfig } from 'vite';

// The public sites' ordering script (docs/behaviour/ordering.md): one ES module and one stylesheet, served by
// every site under their content hash (apps/site/src/ordering-assets.ts). Preact, not React: the ordering
// page's whole weight is a budget (issue 21: <= 60 KB gzip before images). JSX files name their runtime with
// a @jsxImportSource pragma. An application build with one script entry (a library build would keep the
// whitespace of an ES module), under fixed names the server hashes itself.
export default defineConfig({
  build: {
    outDir: '../dist-ordering',
    emptyOutDir: true,
    target: 'es2022',
    // maps for debugging, without a sourceMappingURL comment the sites would answer 404 for
    sourcemap: 'hidden',
    modulePreload: false,
    rollupOptions: {
      input: new URL('./main.tsx', import.meta.url).pathname,
      output: { entryFileNames: 'ordering.js', assetFileNames: 'ordering[extname]' },
    },
  },
});
