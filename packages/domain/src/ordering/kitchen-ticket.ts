import type { OrderLine } from './api';
import { type CourseRef, groupByCourse, routesTo } from './kitchen';

/**
 * What a printed kitchen ticket says (docs/behaviour/ordering.md#kitchen-tickets-on-printers): for one prep
 * station, the order's number, when it is wanted and for whom, then the station's lines by course in firing
 * order — the kitchen's name of each item, its size and choices, the guest's note — and the order's note.
 * Plain data: the ESC/POS bytes are made from it in packages/core.
 */
export interface KitchenTicketContent {
  station: string;
  title: string;
  lines: { heading?: string | undefined; text: string; details: string[] }[];
  footer: string[];
}

const WHEN: Record<string, string> = { dine_in: 'DINE IN', takeout: 'TAKEOUT' };

export function kitchenTicketContent(input: {
  station: { prepStationId: number; name: string };
  order: {
    number: number;
    /** What the title names the order by instead of `#number`: a sale kept offline has no number yet. */
    label?: string | undefined;
    customerName: string;
    /** A kiosk guest's table tent, printed large under the title. */
    tableTent?: number | null | undefined;
    pickupAt: Date;
    asap: boolean;
    notes: string | null;
    /** A register sale: eaten in or taken out (an online order is picked up). */
    fulfilment?: string | undefined;
  };
  lines: readonly OrderLine[];
  courses: readonly CourseRef[];
  timeZone: string;
  /** A void ticket: the station stops making the line (a manager voided it after it was sent). */
  voided?: { reason: string } | undefined;
}): KitchenTicketContent | null {
  const mine = input.lines.filter((line) => routesTo(line, input.station.prepStationId));
  if (mine.length === 0) return null;
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: input.timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(input.order.pickupAt);
  const lines: KitchenTicketContent['lines'] = [];
  for (const group of groupByCourse(mine, input.courses)) {
    group.lines.forEach((line, index) => {
      lines.push({
        ...(index === 0 && group.name ? { heading: group.name } : {}),
        text: `${line.quantity} x ${line.kitchenName || line.name}`,
        details: [
          ...(line.seat ? [`SEAT ${line.seat}`] : []),
          ...(line.sizeName ? [line.sizeName] : []),
          ...line.modifiers.map((m) => (m.quantity > 1 ? `${m.quantity} x ${m.name}` : m.name)),
          ...(line.notes ? [`NOTE: ${line.notes}`] : []),
        ],
      });
    });
  }
  const tent = input.order.tableTent == null ? '' : ` TENT ${input.order.tableTent}`;
  const title = `${input.order.label ?? `#${input.order.number}`} ${WHEN[input.order.fulfilment ?? ''] ?? (input.order.asap ? 'ASAP' : 'PICKUP')}${tent} ${time}`;
  if (input.voided)
    return {
      station: input.station.name,
      title: `VOID ${title}`,
      lines: lines.map((line) => ({ ...line, text: `VOID ${line.text}` })),
      footer: [input.order.customerName, `VOID: ${input.voided.reason}`],
    };
  return {
    station: input.station.name,
    title,
    lines,
    footer: [input.order.customerName, ...(input.order.notes ? [`ORDER NOTE: ${input.order.notes}`] : [])],
  };
}
