/**
 * Ordering's face to the other areas of core (issue 49 §1; docs/architecture.md): what the register, the
 * housekeeping sweep and the catalogue use of online ordering. The register's sales are orders, so it still
 * works with ordering's rows (find, insert, update, their events and numbers) through the calls below; they
 * are named here, in one place, rather than reached for file by file. Other areas import only this file
 * (dependency-rules.test.ts); the server's routes still import the use-case files directly.
 */

export { KEY_REUSED, ORDER_INVALID, type OrderingDeps } from './checkout';
export { bumpTicket, getExpoBoard, getKitchenBoard, offTheLine, recallTicket } from './kitchen';
export {
  isCloudPrinter,
  isReachable,
  kitchenPrintingOf,
  type PrintDeps,
  type PrinterDocument,
  type PrinterRow,
  type TicketContext,
  ticketContextIn,
} from './kitchen-printing';
export { coursesOfRestaurant, stationsOfRestaurant } from './kitchen-repository';
export { type BridgePrinted, queueKitchenTickets, queueVoidTickets } from './kitchen-tickets';
export { moveOrderAs, ORDER_NOT_FOUND } from './order-moves';
export { liveNumber } from './order-number';
export {
  addOrderEvent,
  findOrder,
  findOrderByKey,
  findOrdersByKeys,
  insertOrder,
  insertOrderEvents,
  insertOrders,
  type NewOrderRow,
  nextOrderNumber,
  nextOrderNumbers,
  type OrderRow,
  orderEventsOf,
  readSettings,
  readTaxRates,
  saveSettings,
  updateOrder,
} from './ordering-repository';
export { resolveStuckOrders, type StuckOrderResult } from './stuck-orders';
