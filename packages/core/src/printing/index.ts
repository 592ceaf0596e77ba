/**
 * Printing from anywhere (docs/behaviour/printing.md, decision 052): cloud printers' links. Other areas and
 * the server import only this file.
 */

export {
  type AuthenticatedPrinter,
  authenticatePrinter,
  CLOUD_PRINT_PATH,
  createPrinterLink,
  listPrinterConnections,
  recordPoll,
  sameDevice,
  stateOf,
} from './links';
