/**
 * The catalogue's face to the other areas of core (issue 49 §1; docs/architecture.md): a restaurant's resolved
 * scope (the version every cache keys on), its menus as the apps read them, paging cursors and the printer
 * address policy.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export type { LargeChainCatalogue } from './large-chain';
export {
  listMenusIn,
  type MenuDeps,
  type MenuTreeCache,
  menusShownIn,
  readTopMenuGroups,
  resolveMenuIn,
} from './menu-resolver';
export { decodeCursor, encodeCursor, isSafeIdKey } from './paging';
export { type PrinterAddressPolicy, printerHostProblem, STRICT_PRINTER_ADDRESSES } from './printer-addresses';
export { type ResolvedScope, resolveCatalogueScope, scopeWhere } from './scope';
