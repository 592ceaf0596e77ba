/**
 * The id counters' face to the other areas of core (issue 49 §1; docs/behaviour/ids-and-counters.md): the next
 * id or block of ids in the caller's transaction.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { advanceCounterPast, idSpaceExhausted, issueNextId, issueNextIds } from './counter-service';
