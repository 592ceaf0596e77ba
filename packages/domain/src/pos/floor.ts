import { z } from 'zod';
import { text } from '../text';

/**
 * The floor plan (docs/behaviour/pos.md#the-floor-plan): dining rooms and their tables, placed on a grid of
 * 0–100 across and down (a percentage of the room, so any screen draws the same plan). Edited in
 * management; the register shows each table with its open check.
 */

export const TABLE_SHAPES = ['square', 'round', 'rectangle'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];
export const ROOM_NOT_FOUND = 'Dining room not found';
export const TABLE_NOT_FOUND = 'Table not found';
export const TABLE_HAS_OPEN_CHECK = 'This table has an open check: pay or move it first';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} cannot exceed ${max}`);

export const diningRoomInputSchema = z.strictObject({
  name: text().trim().min(1, 'Room name cannot be empty').max(60, 'Room name cannot exceed 60 characters'),
  position: whole('Position', 0, 1000).default(0),
});
export type DiningRoomInput = z.input<typeof diningRoomInputSchema>;

export const diningTableInputSchema = z.strictObject({
  roomId: whole('Room ID', 1, 2_147_483_647),
  name: text().trim().min(1, 'Table name cannot be empty').max(30, 'Table name cannot exceed 30 characters'),
  seats: whole('Seats', 1, 99),
  shape: z.enum(TABLE_SHAPES, { error: "Shape must be 'square', 'round' or 'rectangle'" }).default('square'),
  x: whole('X', 0, 100).default(0),
  y: whole('Y', 0, 100).default(0),
});
export type DiningTableInput = z.input<typeof diningTableInputSchema>;

export const diningTableSchema = z.object({
  tableId: z.number(),
  roomId: z.number(),
  name: z.string(),
  seats: z.number(),
  shape: z.enum(TABLE_SHAPES),
  x: z.number(),
  y: z.number(),
});
export type DiningTable = z.infer<typeof diningTableSchema>;

export const diningRoomSchema = z.object({
  roomId: z.number(),
  name: z.string(),
  position: z.number(),
  tables: z.array(diningTableSchema),
});
export type DiningRoom = z.infer<typeof diningRoomSchema>;

/** What the register shows of a table: free, or its open check's total and since when it is seated. */
const tableCheckSchema = z.object({
  orderId: z.number(),
  number: z.number(),
  /** The check's name (a split check keeps the table's name) and its server. */
  guestName: z.string().nullable(),
  serverName: z.string().nullable(),
  total: z.number(),
  seatedAt: z.date(),
  /** Lines rung up but not sent to the kitchen yet. */
  unsent: z.number(),
});
export type TableCheck = z.infer<typeof tableCheckSchema>;

export const tableStateSchema = diningTableSchema.extend({
  state: z.enum(['free', 'seated']),
  /** The oldest open check (the one the table was seated with). */
  check: tableCheckSchema.nullable(),
  /** Every open check on the table, oldest first (a split table holds several: decision 056). */
  checks: z.array(tableCheckSchema),
});
export const floorSchema = z.object({
  rooms: z.array(diningRoomSchema.extend({ tables: z.array(tableStateSchema) })),
});
export type Floor = z.infer<typeof floorSchema>;

/** Minutes since a table was seated, for the register's "45 min". */
export const minutesSeated = (seatedAt: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - seatedAt.getTime()) / 60_000));
