/**
 * The secrets' face to the other areas of core (issue 49 §1): the sealed box every stored secret goes through.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export type { SealedBox } from './sealed-box';
