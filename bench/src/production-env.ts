/**
 * Imported first by main.ts: React picks its development or production build from NODE_ENV when it is first
 * loaded, and benches that import the site handler statically (ordering.bench.ts) load it at start-up, before
 * any bench could set it. The figures are the production build's, as the server runs it.
 */
process.env.NODE_ENV ??= 'production';
