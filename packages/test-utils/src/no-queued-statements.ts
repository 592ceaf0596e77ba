import { afterAll, expect } from 'vitest';

/**
 * Integration tests' setup: a test file fails when node-postgres had to queue a statement sent to a
 * connection still busy with another. It warns once ("already executing a query", deprecated; pg 9 removes
 * the queue) and runs them in turn. It happens when independent statements go through Promise.all inside a
 * PostgreSQL transaction; `sideBySide` (packages/db/src/side-by-side.ts) runs them one after another there.
 */
const queued: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.message.includes('already executing a query')) queued.push(warning.message);
};
process.on('warning', onWarning);

afterAll(() => {
  process.off('warning', onWarning);
  expect(queued, 'a statement was sent to a busy connection: use sideBySide').toEqual([]);
});
