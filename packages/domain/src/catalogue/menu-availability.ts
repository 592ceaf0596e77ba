import { type Weekday, weekdayOfDate } from '../weekdays';
import type { Item } from './item';
import type { MenuGroup } from './menu-group';

/**
 * Which menu groups and items a resolved menu shows (issue 6, from the menu groups' visibility, channel and
 * availability fields): by channel, and by availability at a moment in the restaurant's time zone.
 */

export const MENU_CHANNELS = ['pos', 'kiosk', 'onlineOrdering', 'partners', 'invoices'] as const;
export type MenuChannel = (typeof MENU_CHANNELS)[number];

type GroupVisibility = Pick<
  MenuGroup,
  'visibleInPOS' | 'visibleInKiosk' | 'visibleInOnlineOrdering' | 'visibleInPartners' | 'visibleInInvoices'
> & { availability: Partial<MenuGroup['availability']> };

/**
 * A group shows on a channel when its visibility flag is on; for the ordering channels that have one, its
 * per-channel availability must be on too (kiosk, online, partners).
 */
export function isGroupOnChannel(group: GroupVisibility, channel: MenuChannel): boolean {
  switch (channel) {
    case 'pos':
      return group.visibleInPOS;
    case 'kiosk':
      return group.visibleInKiosk && group.availability.kiosk !== false;
    case 'onlineOrdering':
      return group.visibleInOnlineOrdering && group.availability.online !== false;
    case 'partners':
      return group.visibleInPartners && group.availability.partners !== false;
    case 'invoices':
      return group.visibleInInvoices;
  }
}

/** An item's channel flags. */
export function isItemOnChannel(
  item: Pick<Item, 'pos' | 'kiosk' | 'onlineOrdering' | 'onlineOrderingPartners' | 'customerInvoices'>,
  channel: MenuChannel,
): boolean {
  switch (channel) {
    case 'pos':
      return item.pos;
    case 'kiosk':
      return item.kiosk;
    case 'onlineOrdering':
      return item.onlineOrdering;
    case 'partners':
      return item.onlineOrderingPartners;
    case 'invoices':
      return item.customerInvoices;
  }
}

/** A moment as the restaurant's clock shows it. */
export interface LocalMoment {
  /** YYYY-MM-DD */
  date: string;
  month: number;
  day: number;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * Reads an ISO date-time in the restaurant's time zone. With an offset (or Z) it is an instant, shown on
 * the restaurant's clock; without one it already is the restaurant's wall-clock time.
 */
export function toLocalMoment(at: string, timeZone: string): LocalMoment {
  const local = LOCAL_TIME.exec(at);
  let parts: [number, number, number, number, number];
  if (local) {
    parts = [Number(local[1]), Number(local[2]), Number(local[3]), Number(local[4]), Number(local[5])];
  } else {
    const instant = new Date(at);
    if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an ISO date-time: ${at}`);
    const byType = Object.fromEntries(
      formatterFor(timeZone)
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    );
    parts = [
      Number(byType.year),
      Number(byType.month),
      Number(byType.day),
      Number(byType.hour),
      Number(byType.minute),
    ];
  }
  const [year, month, day, hour, minute] = parts;
  const weekday = weekdayOfDate(year, month, day);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${year}-${pad(month)}-${pad(day)}`, month, day, weekday, minutes: hour * 60 + minute };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

type GroupAvailability = Pick<MenuGroup, 'daysOfWeek' | 'daysAvailable' | 'seasonalAvailability'> &
  Partial<Pick<MenuGroup, 'timeRange' | 'dateRange'>>;

/**
 * Is a group available at a local moment: both day lists allow the weekday, the time is in timeRange (an end
 * before the start runs past midnight; equal ends mean all day), the date is in dateRange (either end may be
 * open) and, when seasonal availability is on, the month and day fall in the season (which may span the new
 * year).
 */
export function isGroupAvailableAt(group: GroupAvailability, moment: LocalMoment): boolean {
  if (group.daysOfWeek[moment.weekday] === false || group.daysAvailable[moment.weekday] === false)
    return false;
  if (group.timeRange) {
    const start = minutesOf(group.timeRange.startTime);
    const end = minutesOf(group.timeRange.endTime);
    const inside =
      start === end ||
      (start < end
        ? moment.minutes >= start && moment.minutes < end
        : moment.minutes >= start || moment.minutes < end);
    if (!inside) return false;
  }
  if (group.dateRange) {
    if (group.dateRange.startDate && moment.date < group.dateRange.startDate) return false;
    if (group.dateRange.endDate && moment.date > group.dateRange.endDate) return false;
  }
  const season = group.seasonalAvailability;
  if (season.isActive && season.startMonth && season.endMonth) {
    const key = (month: number, day: number) => month * 100 + day;
    const now = key(moment.month, moment.day);
    const from = key(season.startMonth, season.startDay ?? 1);
    const to = key(season.endMonth, season.endDay ?? 31);
    const inside = from <= to ? now >= from && now <= to : now >= from || now <= to;
    if (!inside) return false;
  }
  return true;
}
