/**
 * The demo seed's face to the other areas of core (issue 49 §1): Harbor Grill's catalogue.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { harborGrillCatalogue } from './harbor-grill-menu';
