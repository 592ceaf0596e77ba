/**
 * `npm start` in one process (issue 20 item 4): the web apps whose sources changed are built first
 * (build-web-if-changed.ts, which exits on a failed build), then the server starts. One process instead of
 * two saves a start-up on every start: package.json runs this file with `node --import tsx` (tsx's loader in
 * Node itself), not the tsx command, which would start a second Node process to run it in (~50 MB more).
 */
await import('./build-web-if-changed');
await import('../apps/server/src/main');
