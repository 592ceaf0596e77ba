import { z } from 'zod';
import type { OrderLine } from './api';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

/**
 * The kitchen display (docs/behaviour/ordering.md#kitchen-display): each prep station sees a ticket per
 * order on the line holding only the lines routed to it, grouped by course in firing order.
 *
 * Routing: a line goes to the stations its item names (`prepStationIds`). A line whose item names no station
 * goes to every station — nothing is made unseen, and a restaurant that routes nothing still sees every
 * order on every screen. An order is done in the kitchen once every station it was routed to bumped it.
 */

/** Orders the kitchen works on: accepted (the restaurant took it) and in preparation, and a register's open
 * check (only its sent lines: docs/behaviour/pos.md#open-checks). New orders are not on the line yet — the
 * restaurant may still refuse them, and their payment may not be captured. */
export const KITCHEN_STATUSES: readonly OrderStatus[] = ['accepted', 'in_preparation', 'open'];

/** Minutes after which a ticket's timer turns amber, then red. */
export const TICKET_AMBER_MINUTES = 10;
export const TICKET_RED_MINUTES = 20;

export type TicketAge = 'fresh' | 'amber' | 'red';
export function ticketAge(firedAt: Date, now: Date): TicketAge {
  const minutes = (now.getTime() - firedAt.getTime()) / 60_000;
  return minutes >= TICKET_RED_MINUTES ? 'red' : minutes >= TICKET_AMBER_MINUTES ? 'amber' : 'fresh';
}

/** Does `line` go to station `prepStationId`? */
/**
 * Whether the kitchen has a line: every line of an order, but of an open check only the sent ones, and of an
 * evenly split check's shares only the first part's (the dish itself; decision 056).
 */
export const inKitchen = (line: { pending?: boolean | undefined; share?: { part: number } | undefined }) =>
  line.pending !== true && (line.share?.part ?? 1) === 1;

export const routesTo = (line: Pick<OrderLine, 'prepStationIds'>, prepStationId: number): boolean =>
  line.prepStationIds.length === 0 || line.prepStationIds.includes(prepStationId);

/** The stations an order's lines go to, among the restaurant's stations `allStationIds`. */
export function stationsOf(
  lines: readonly Pick<OrderLine, 'prepStationIds'>[],
  allStationIds: readonly number[],
) {
  return allStationIds.filter((id) => lines.some((line) => routesTo(line, id)));
}

/** The round an open check's line was sent in (docs/behaviour/pos.md#open-checks); 0 for any other order's. */
export const roundOf = (line: { round?: number | undefined }) => line.round ?? 0;

/**
 * Is a station done with an order? It bumped it (`bumpRound`: the order's last round when it did) and
 * nothing routed to it was sent in a later round.
 */
export function stationDone(
  lines: readonly (Pick<OrderLine, 'prepStationIds'> & { round?: number | undefined })[],
  prepStationId: number,
  bumpRound: number | undefined,
): boolean {
  if (bumpRound === undefined) return false;
  return lines.every((line) => !routesTo(line, prepStationId) || roundOf(line) <= bumpRound);
}

export interface CourseRef {
  courseId: number;
  number: string | null;
  name: string;
}

/** Firing order of courses: by their number (numerically when it is one), then by id. */
function courseRank(course: CourseRef): [number, string, number] {
  const numeric = course.number !== null && /^\d+(\.\d+)?$/.test(course.number.trim());
  return [numeric ? Number(course.number) : Number.POSITIVE_INFINITY, course.number ?? '', course.courseId];
}

function compareCourses(a: CourseRef, b: CourseRef): number {
  const [an, as, ai] = courseRank(a);
  const [bn, bs, bi] = courseRank(b);
  return an - bn || as.localeCompare(bs) || ai - bi;
}

/** Courses in firing order. */
export const inFiringOrder = (courses: readonly CourseRef[]): CourseRef[] =>
  [...courses].sort(compareCourses);

export interface CourseGroup<Line> {
  courseId: number | null;
  name: string | null;
  lines: Line[];
}

/**
 * Groups lines by course in firing order. Lines with no course (or a course since deleted) come first: they
 * fire at once.
 */
export function groupByCourse<Line extends Pick<OrderLine, 'courseId'>>(
  lines: readonly Line[],
  courses: readonly CourseRef[],
): CourseGroup<Line>[] {
  const known = new Map(courses.map((course) => [course.courseId, course]));
  const loose = lines.filter((line) => line.courseId === undefined || !known.has(line.courseId));
  const used = [
    ...new Set(lines.map((line) => line.courseId).filter((id) => id !== undefined && known.has(id))),
  ]
    .map((id) => known.get(id as number)!)
    .sort(compareCourses);
  const groups: CourseGroup<Line>[] = loose.length ? [{ courseId: null, name: null, lines: loose }] : [];
  for (const course of used)
    groups.push({
      courseId: course.courseId,
      name: course.name,
      lines: lines.filter((l) => l.courseId === course.courseId),
    });
  return groups;
}

// --- API shapes -----------------------------------------------------------------------------------------

export const ticketLineSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  sizeName: z.string().optional(),
  modifiers: z.array(z.object({ name: z.string(), quantity: z.number() })),
  notes: z.string().optional(),
  /** A register check's seat. */
  seat: z.number().optional(),
});

export const kitchenTicketSchema = z.object({
  orderId: z.number(),
  number: z.number(),
  status: z.enum(ORDER_STATUSES),
  customerName: z.string(),
  /** A kiosk guest's table tent: where the food goes (decision 062). */
  tableTent: z.number().nullable(),
  /** Picked up (online), or a register sale eaten in or taken out. */
  service: z.enum(['pickup', 'dine_in', 'takeout']),
  notes: z.string().nullable(),
  pickupAt: z.date(),
  asap: z.boolean(),
  readyAt: z.date().nullable(),
  /** When the kitchen got the ticket: the order's acceptance (its placing when none is recorded). */
  firedAt: z.date(),
  courses: z.array(
    z.object({
      courseId: z.number().nullable(),
      name: z.string().nullable(),
      lines: z.array(ticketLineSchema),
    }),
  ),
  /** How many of the order's stations have bumped it, of how many. */
  stationsDone: z.number(),
  stationsTotal: z.number(),
});
export type KitchenTicket = z.input<typeof kitchenTicketSchema>;

export const kitchenStationSchema = z.object({
  prepStationId: z.number(),
  name: z.string(),
  number: z.string().nullable(),
});

export const kitchenBoardSchema = z.object({
  station: kitchenStationSchema,
  tickets: z.array(kitchenTicketSchema),
  /** The order this station bumped last and may recall (null when there is none to recall). */
  lastBumped: z.object({ orderId: z.number(), number: z.number(), bumpedAt: z.date() }).nullable(),
});
export type KitchenBoard = z.input<typeof kitchenBoardSchema>;

/**
 * The expo (expediter) view (issue 45 item 6): every order on the line with all its kitchen lines, and where
 * each of its stations stands, so the pass sees what is still cooking and hands out what is complete.
 */
export const expoTicketSchema = kitchenTicketSchema.omit({ stationsDone: true, stationsTotal: true }).extend({
  stations: z.array(z.object({ prepStationId: z.number(), name: z.string(), done: z.boolean() })),
});
export type ExpoTicket = z.input<typeof expoTicketSchema>;

export const expoBoardSchema = z.object({ tickets: z.array(expoTicketSchema) });
export type ExpoBoard = z.input<typeof expoBoardSchema>;

export const bumpResultSchema = z.object({
  orderId: z.number(),
  number: z.number(),
  /** The order's status after the bump or recall (`ready` once every station bumped it). */
  status: z.enum(ORDER_STATUSES),
});
export type BumpResult = z.input<typeof bumpResultSchema>;
