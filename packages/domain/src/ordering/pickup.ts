import { toLocalMoment } from '../catalogue/menu-availability';
import { type OpeningSchedule, openStretches } from '../hours/opening-state';
import { addDays, type SpecialDay } from '../hours/special';
import type { OperatingHours } from '../restaurant';

/**
 * When a pickup order may be collected (docs/behaviour/ordering.md#pickup-times): inside the restaurant's
 * opening hours (its weekly spans, or a date's special hours — hours/opening-state.ts), on its own clock (the tenant's time zone), no sooner than the lead time from now, and no
 * sooner than the lead time after opening (the kitchen starts when the doors open). Scheduled pickups are
 * offered in 15-minute slots for `schedulingDays` days (today counts as one).
 */

export const SLOT_MINUTES = 15;
const MINUTE_MS = 60_000;

// The calendar helper moved to hours/special.ts; ordering's callers keep importing it from here.
export { addDays };

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The time zone's offset from UTC at an instant, in minutes (New York in winter: -300). */
function offsetMinutes(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The instant a wall-clock time of the restaurant names (`minutes` since local midnight of `date`, which may
 * run past 24 h into the next day). In a spring-forward gap the clock time does not exist: the instant an
 * hour later is taken, as clocks show it.
 */
export function instantOf(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE_MS;
  let guess = wall - offsetMinutes(wall, timeZone) * MINUTE_MS;
  guess = wall - offsetMinutes(guess, timeZone) * MINUTE_MS;
  return new Date(guess);
}

export interface PickupRules {
  hours: OperatingHours;
  /** Dated exceptions: a closed date offers no pickup, a date with special spans offers those (decision 030). */
  specialHours: readonly SpecialDay[];
  timeZone: string;
  leadTimeMinutes: number;
  schedulingDays: number;
}

const scheduleOf = (rules: PickupRules): OpeningSchedule => ({
  operatingHours: rules.hours,
  specialHours: rules.specialHours,
});

/** Is an instant inside the hours, at least the lead time after opening (stretches of its own local date). */
function insideHours(rules: PickupRules, at: Date): boolean {
  const local = toLocalMoment(at.toISOString(), rules.timeZone);
  return openStretches(scheduleOf(rules), local.date).some(([open, close]) => {
    // A stretch that starts at midnight continues the day before's: the kitchen is already going.
    const first = open === 0 ? 0 : open + rules.leadTimeMinutes;
    return local.minutes >= first && local.minutes <= close;
  });
}

export type PickupProblem = 'closed' | 'too_soon' | 'too_far';

/** Why a pickup time cannot be offered, or null when it can. */
export function pickupProblem(rules: PickupRules, at: Date, now: Date): PickupProblem | null {
  if (at.getTime() < now.getTime() + rules.leadTimeMinutes * MINUTE_MS - MINUTE_MS) return 'too_soon';
  const today = toLocalMoment(now.toISOString(), rules.timeZone).date;
  const lastDay = addDays(today, Math.max(rules.schedulingDays, 1) - 1);
  if (toLocalMoment(at.toISOString(), rules.timeZone).date > lastDay) return 'too_far';
  return insideHours(rules, at) ? null : 'closed';
}

/** The earliest pickup "as soon as possible": now plus the lead time, when the restaurant is open then. */
export function asapPickup(rules: PickupRules, now: Date): Date | null {
  const at = new Date(Math.ceil((now.getTime() + rules.leadTimeMinutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
  return pickupProblem(rules, at, now) === null ? at : null;
}

/** The 15-minute slot an instant falls in (its start). */
export const slotOf = (at: Date): Date =>
  new Date(Math.floor(at.getTime() / (SLOT_MINUTES * MINUTE_MS)) * SLOT_MINUTES * MINUTE_MS);

/**
 * The scheduled pickup slots offered from `now`, in order: every 15-minute boundary inside the hours of the
 * scheduling days that passes pickupProblem. `full` names slots that reached their capacity.
 */
export function pickupSlots(rules: PickupRules, now: Date, full: ReadonlySet<number> = new Set()): Date[] {
  const today = toLocalMoment(now.toISOString(), rules.timeZone).date;
  const seen = new Set<number>();
  const slots: Date[] = [];
  for (let day = 0; day < Math.max(rules.schedulingDays, 1); day++) {
    const date = addDays(today, day);
    for (const [open, close] of openStretches(scheduleOf(rules), date)) {
      const first = Math.ceil(open / SLOT_MINUTES) * SLOT_MINUTES;
      for (let minutes = first; minutes <= close; minutes += SLOT_MINUTES) {
        const at = instantOf(date, minutes, rules.timeZone);
        const time = at.getTime();
        if (seen.has(time) || full.has(time)) continue;
        if (pickupProblem(rules, at, now) !== null) continue;
        seen.add(time);
        slots.push(at);
      }
    }
  }
  return slots.sort((a, b) => a.getTime() - b.getTime());
}
