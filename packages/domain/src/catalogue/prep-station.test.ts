import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createPrepStationInputSchema,
  prepStationSchema,
  updatePrepStationInputSchema,
} from './prep-station';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createPrepStationInputSchema', () => {
  it('fills the spec defaults', () => {
    expect(createPrepStationInputSchema.parse({ name: 'Grill' })).toEqual({
      name: 'Grill',
      sendToExpediter: false,
      otherStationIds: [],
      alwaysPrintTickets: false,
    });
  });

  it("refuses a blank name with the spec's message", () => {
    expect(messages(createPrepStationInputSchema.safeParse({ name: '' }))).toEqual([
      ['name', 'Prep station name cannot be empty'],
    ]);
  });

  it('accepts a null ticket printer and refuses non-integer station ids', () => {
    expect(
      createPrepStationInputSchema.parse({ name: 'Grill', ticketPrinterId: null }).ticketPrinterId,
    ).toBeNull();
    expect(
      messages(createPrepStationInputSchema.safeParse({ name: 'Grill', otherStationIds: [1.5] })),
    ).toEqual([['otherStationIds.0', 'Other station IDs must be a list of positive integer IDs']]);
  });
});

describe('prepStationSchema', () => {
  it('requires prepStationId, guid and timestamps', () => {
    expect(
      prepStationSchema.safeParse({ name: 'Grill' }).error?.issues.map((issue) => issue.path.join('.')),
    ).toEqual(['prepStationId', 'guid', 'createdAt', 'updatedAt']);
    expect(
      prepStationSchema.safeParse({
        name: 'Grill',
        prepStationId: 1,
        guid: randomUUID(),
        createdAt: new Date(),
        updatedAt: new Date(),
      }).success,
    ).toBe(true);
  });
});

describe('updatePrepStationInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updatePrepStationInputSchema.parse({ name: 'Fryer' })).toEqual({ name: 'Fryer' });
  });
});
