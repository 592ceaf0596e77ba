/**
 * The job queue's face to the other areas of core (issue 49 §1; docs/jobs.md): enqueue a job in the caller's
 * transaction, and what a handler is told about its try.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export type { JobContext } from './job-runner';
export { enqueue } from './jobs';
