/**
 * Domains' face to the other areas of core (issue 49 §1; docs/behaviour/domains-and-public-sites.md): the
 * addresses a restaurant's sites answer at.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { findMappingAddresses, type MappingAddress } from './domain-mapping-repository';
