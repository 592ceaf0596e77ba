/**
 * `npm start` in one process (issue 20 item 4): the web apps whose sources changed are built first
 * (build-web-if-changed.ts, which exits on a failed build), then the server starts. One tsx process instead
 * of two saves its start-up (~0.5 s) on every start.
 */
await import('./build-web-if-changed');
await import('../apps/server/src/main');
