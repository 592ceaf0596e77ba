/**
 * The change feed's face to the other areas of core (issue 49 §1; decision 011): a change and what it concerns.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { type Change, type ChangeFeed, changeConcerns } from './change-feed';
