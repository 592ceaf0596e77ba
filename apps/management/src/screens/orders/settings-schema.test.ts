import { describe, expect, it } from 'vitest';
import { orderingFormSchema } from './settings-schema';

const values = {
  leadTimeMinutes: 20,
  schedulingDays: 2,
  slotCapacity: undefined,
  tipPresets: '15, 18, 20',
  captureOn: 'accept',
  alertAfterMinutes: 5,
  cancelAfterMinutes: 20,
};

describe('the ordering settings form', () => {
  it('reads blank capacity as no limit and the presets from one text box', () => {
    expect(orderingFormSchema.parse(values)).toEqual({
      ...values,
      slotCapacity: null,
      tipPresets: [15, 18, 20],
      alertPhone: null,
    });
    // a blank alert phone is no phone; one in international form is kept; others get the server's message
    expect(orderingFormSchema.parse({ ...values, alertPhone: '  ' }).alertPhone).toBeNull();
    expect(orderingFormSchema.parse({ ...values, alertPhone: '+15550104477' }).alertPhone).toBe(
      '+15550104477',
    );
    expect(
      orderingFormSchema.safeParse({ ...values, alertPhone: '555 0100' }).error?.issues[0]?.message,
    ).toBe('Enter the alert phone in international format, such as +15551234567');
    expect(orderingFormSchema.parse({ ...values, tipPresets: '' }).tipPresets).toEqual([]);
    expect(orderingFormSchema.parse({ ...values, tipPresets: undefined }).tipPresets).toEqual([]);
  });

  it("puts the server's message on the presets box", () => {
    const wrong = orderingFormSchema.safeParse({ ...values, tipPresets: '10, 500' });
    expect(wrong.error?.issues).toMatchObject([
      { path: ['tipPresets'], message: 'Tip presets must be between 1 and 100' },
    ]);
    const words = orderingFormSchema.safeParse({ ...values, tipPresets: '10, lots' });
    expect(words.error?.issues[0]?.message).toBe('Tip presets must be numbers');
  });
});
