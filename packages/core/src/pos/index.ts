/**
 * The register's face (docs/behaviour/pos.md): pairing devices, what a register sells, ringing up a sale,
 * the day's register sales and the cash drawer's job; the kiosk's and the kitchen display's calls. Other areas
 * and the server import only this file.
 */

export { CARD_SALE_OPERATION, type PosCardDeps, placePosCardOrder } from './card-sale';
export { type CardKeyResult, releaseAbandonedCardSaleKeys } from './card-sale-recovery';
export { placePosOrder } from './cash-sale';
export { PAY_CHECK_CARD_OPERATION, payCheckByCard, payCheckOnTerminal } from './check-card';
export { closeCheck, handBackCheckPayments, moveCheck, recordCardsGivenBack } from './check-close';
export { type ApprovalDeps, discountCheck, discountCheckLine } from './check-discount';
export { PAY_CHECK_KEYED_OPERATION, payCheckByKeyedCard } from './check-keyed';
export { fireNextCourse, sendCheck, voidCheckLine } from './check-kitchen';
export { openCheck } from './check-open';
export { PAY_CHECK_OPERATION, payCheck } from './check-pay';
export { mergeChecks, moveCheckLines, splitCheck, transferCheck } from './check-splits';
export { addCheckLines, getCheck, listOpenChecks, removeCheckLine } from './checks';
export { getCloseOut } from './close-out';
export { listDevices, pairDevice, revokeDevice } from './devices';
export { kickDrawerJob } from './drawer';
export {
  addCashMovement,
  closeDrawer,
  currentDrawer,
  listDrawerSessions,
  openDrawer,
} from './drawer-sessions';
export {
  getFloor,
  listDiningRooms,
  removeDiningRoom,
  removeDiningTable,
  saveDiningRoom,
  saveDiningTable,
} from './floor';
export { getKioskMenu, placeKioskOrder } from './kiosk';
export { emailKioskReceipt, printKioskReceipt } from './kiosk-receipt';
export { closeUnpaidKioskChecks, KIOSK_UNPAID_MINUTES, type UnpaidKioskResult } from './kiosk-unpaid';
export {
  bumpKitchenDisplayTicket,
  getKitchenDisplay,
  getKitchenDisplayBoard,
  getKitchenDisplayExpo,
  markKitchenDisplayReady,
  pairedKitchenDisplay,
  recallKitchenDisplayTicket,
} from './kitchen-display';
export { printReceiptJob } from './receipt';
export { emailReceipt } from './receipt-email';
export { getRegister, type PosDeps } from './register';
export { listPosOrders, registerPaymentsOf, reprintReceipt } from './sale';
export { syncPosOrders } from './sale-sync';
export { addSaleTip, captureUntippedCards, recordRecoveredTips } from './sale-tip';
export { cancelKioskTerminal, cancelTerminal } from './terminal-cancel';
export { pairTerminal, unpairTerminal } from './terminal-pairing';
export { finishCutOffVoids, voidPosOrder } from './void';
