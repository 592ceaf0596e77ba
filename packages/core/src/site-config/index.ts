/**
 * Site configuration's face to the other areas of core (issue 49 §1): the platform's default configuration.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { initializeDefaultSiteConfiguration } from './site-config-service';
