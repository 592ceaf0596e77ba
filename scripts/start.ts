/**
 * `npm start` in one process (issue 20 item 4): the web apps whose sources changed are built
 * (build-web-if-changed.ts, which exits on a failed build) while the server starts. One process instead of
 * two saves a start-up on every start: package.json runs this file with `node --import tsx` (tsx's loader in
 * Node itself), not the tsx command, which would start a second Node process to run it in (~50 MB more).
 */
// Side by side: the builds run in Vite processes while this one starts the server (opening the database,
// migrating, seeding), which needs no web build. An app asked for before its first build is in place is
// answered "being built" (apps/server/src/plugins/web-apps.ts); a failed build ends the process.
const building = import('./build-web-if-changed');
await import('../apps/server/src/main');
await building;
