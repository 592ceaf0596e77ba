/**
 * The QR codes' face to the other areas of core (issue 49 §1): where a table's or a restaurant's code points.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { type PublicSites, publicMenuTarget } from './menu-qr';
