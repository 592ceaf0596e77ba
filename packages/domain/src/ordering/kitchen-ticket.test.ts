import { describe, expect, it } from 'vitest';
import type { OrderLine } from './api';
import { kitchenTicketContent } from './kitchen-ticket';

const line: OrderLine = {
  itemId: 1,
  name: 'Ramen',
  quantity: 2,
  unitPrice: 1000,
  modifiers: [],
  modifierCharge: 0,
  lineTotal: 2000,
  prepStationIds: [3],
};
const ticket = (tableTent: number | null) =>
  kitchenTicketContent({
    station: { prepStationId: 3, name: 'Noodles' },
    order: {
      number: 12,
      customerName: 'Ada',
      tableTent,
      pickupAt: new Date('2026-12-06T12:30:00Z'),
      asap: true,
      notes: null,
      fulfilment: 'dine_in',
    },
    lines: [line],
    courses: [],
    timeZone: 'UTC',
  });

describe('a kitchen ticket', () => {
  it('puts a kiosk guest’s table tent in its title, where the runner looks (decision 062)', () => {
    expect(ticket(14)).toMatchObject({ title: '#12 DINE IN TENT 14 12:30 PM', footer: ['Ada'] });
  });
  it('says nothing of a tent when there is none', () => {
    expect(ticket(null)?.title).toBe('#12 DINE IN 12:30 PM');
  });
});
