import { z } from 'zod';

/**
 * A paired kitchen display (docs/behaviour/kitchen-display.md, decision 069): a screen on the line that a
 * manager paired once in `kitchen` mode. No one signs in on it: its device token names its restaurant, and it
 * may only read the kitchen's boards, bump and recall tickets, and mark orders ready at the pass.
 */
export const kitchenDisplaySchema = z.object({
  device: z.object({ deviceId: z.number(), name: z.string() }),
  /** The restaurant it shows, and the clock its tickets' pickup times are read on. */
  restaurant: z.object({ name: z.string(), timezone: z.string() }),
  /** The restaurant's prep stations, in their order: the screen shows one of them, or the expo. */
  stations: z.array(z.object({ prepStationId: z.number(), name: z.string() })),
});
export type KitchenDisplay = z.input<typeof kitchenDisplaySchema>;
