/**
 * Printing from anywhere (docs/behaviour/printing.md, decision 053): cloud printers' links, the queue they
 * take their documents from, and the documents in their own formats. Other areas and the server import only
 * this file.
 */

export {
  EPOS_MEDIA_TYPE,
  eposDrawerKick,
  eposReceipt,
  eposResults,
  eposTicket,
  printRequestInfo,
} from './epos-print';
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
export {
  type CloudDocument,
  DEFAULT_COLLECT_SECONDS,
  deleteSettledDocuments,
  expireDocument,
  nextOffer,
  type PrintAfterwards,
  type PrintJobRow,
  queueForCloudPrinter,
  SETTLED_DOCUMENT_DAYS,
  settleDocument,
  takeDocument,
} from './print-queue';
export { STAR_MEDIA_TYPE } from './star';
