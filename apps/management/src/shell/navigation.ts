import type { AnyEndpoint } from '@brigade/api-client/client';
import { listTenantAuditLog } from '@brigade/contracts/audit-log';
import { importCatalogue } from '@brigade/contracts/catalogue-transfer';
import { listInvitations } from '@brigade/contracts/invitations';
import { getSalesSummary, listOrders } from '@brigade/contracts/ordering';
import { listProfiles } from '@brigade/contracts/payment-profiles';
import {
  authorisePayment,
  getFunding,
  listTransactions,
  saveMerchantAccount,
} from '@brigade/contracts/payments';
import { getCloseOut, listPosDevices } from '@brigade/contracts/pos';
import { getOrderingFunnel, getReconciliation, getSalesReport } from '@brigade/contracts/reports';
import { getMyPasscode, getTimesheet, getTipsReport } from '@brigade/contracts/staff';
import { BadgeIcon, HomeIcon, LinkIcon, StoreIcon, UsersIcon } from '@brigade/ui/app-shell/icons';
import type {
  NavLinkItem as ShellNavLinkItem,
  NavSection as ShellNavSection,
} from '@brigade/ui/app-shell/sidebar';
import {
  BagIcon,
  BankIcon,
  BookIcon,
  CardIcon,
  ChartIcon,
  FlameIcon,
  GlobeIcon,
  HistoryIcon,
  LayersIcon,
  ListOrderedIcon,
  MonitorIcon,
  PercentIcon,
  PrinterIcon,
  ReceiptIcon,
  SettingsIcon,
  StarIcon,
  TagIcon,
  UtensilsIcon,
  WalletIcon,
} from './icons';

export interface NavLinkItem extends ShellNavLinkItem {
  /** Shown only to those who may call this endpoint (the screen's own read); a section left empty hides. */
  requires?: AnyEndpoint;
}

export type NavSection = ShellNavSection<NavLinkItem>;

/**
 * The sidebar (issue 8): Dashboard; Orders (issue 21); Menu; Kitchen & front of house; Staff; Restaurant; Payments (issue 16);
 * Organization (team: issue 23).
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  { items: [{ to: '/', label: 'Dashboard', icon: HomeIcon, end: true }] },
  {
    title: 'Orders',
    items: [
      { to: '/orders', label: 'Orders', icon: BagIcon, requires: listOrders, end: true },
      { to: '/kitchen', label: 'Kitchen display', icon: MonitorIcon, requires: listOrders },
      { to: '/orders/summary', label: 'Sales summary', icon: ChartIcon, requires: getSalesSummary },
    ],
  },
  {
    title: 'Reports',
    items: [
      { to: '/reports', label: 'Sales report', icon: ChartIcon, requires: getSalesReport, end: true },
      { to: '/reports/close-out', label: 'Close-out', icon: WalletIcon, requires: getCloseOut },
      {
        to: '/reports/reconciliation',
        label: 'Reconciliation',
        icon: BankIcon,
        requires: getReconciliation,
      },
      { to: '/reports/funnel', label: 'Ordering funnel', icon: ChartIcon, requires: getOrderingFunnel },
    ],
  },
  {
    title: 'Menu',
    items: [
      { to: '/menus', label: 'Menus', icon: BookIcon },
      { to: '/items', label: 'Items', icon: UtensilsIcon },
      { to: '/modifier-groups', label: 'Modifier groups', icon: LayersIcon },
      { to: '/courses', label: 'Courses', icon: ListOrderedIcon },
      { to: '/tags', label: 'Tags', icon: TagIcon },
      { to: '/catalogue-transfer', label: 'Import and export', icon: HistoryIcon, requires: importCatalogue },
    ],
  },
  {
    title: 'Kitchen & front of house',
    items: [
      { to: '/prep-stations', label: 'Prep stations', icon: FlameIcon },
      { to: '/printers', label: 'Printers', icon: PrinterIcon },
      { to: '/cash-drawers', label: 'Cash drawers', icon: WalletIcon },
      { to: '/pos-devices', label: 'Registers', icon: CardIcon, requires: listPosDevices },
      { to: '/floor-plan', label: 'Floor plan', icon: LayersIcon },
      { to: '/tax-rates', label: 'Tax rates', icon: PercentIcon },
      { to: '/sales-categories', label: 'Sales categories', icon: ChartIcon },
    ],
  },
  {
    title: 'Staff',
    items: [
      { to: '/job-titles', label: 'Job titles', icon: BadgeIcon },
      { to: '/employees', label: 'Employees', icon: UsersIcon },
      { to: '/reports/timesheets', label: 'Timesheets', icon: HistoryIcon, requires: getTimesheet },
      { to: '/reports/tips', label: 'Tips', icon: WalletIcon, requires: getTipsReport },
      { to: '/my-passcode', label: 'My passcode', icon: BadgeIcon, requires: getMyPasscode },
    ],
  },
  {
    title: 'Restaurant',
    items: [
      { to: '/restaurant', label: 'Profile & hours', icon: StoreIcon },
      { to: '/website', label: 'Website', icon: GlobeIcon },
      { to: '/domains', label: 'Domains', icon: LinkIcon },
      { to: '/google-places', label: 'Google listing', icon: StoreIcon },
      // end: /google-business/posts has its own item
      { to: '/google-business', label: 'Google Business Profile', icon: StoreIcon, end: true },
      { to: '/reviews', label: 'Reviews', icon: StarIcon },
      { to: '/google-business/posts', label: 'Google posts', icon: StoreIcon },
    ],
  },
  {
    title: 'Payments',
    items: [
      { to: '/payments/terminal', label: 'Virtual terminal', icon: CardIcon, requires: authorisePayment },
      { to: '/payments/transactions', label: 'Transactions', icon: ReceiptIcon, requires: listTransactions },
      { to: '/payments/profiles', label: 'Customer profiles', icon: UsersIcon, requires: listProfiles },
      { to: '/payments/funding', label: 'Settlement & funding', icon: BankIcon, requires: getFunding },
      {
        to: '/payments/settings',
        label: 'Payment settings',
        icon: SettingsIcon,
        requires: saveMerchantAccount,
      },
    ],
  },
  {
    title: 'Organization',
    items: [
      { to: '/team', label: 'Team', icon: UsersIcon, requires: listInvitations },
      { to: '/audit-log', label: 'Audit log', icon: HistoryIcon, requires: listTenantAuditLog },
    ],
  },
];
