import { orderingSettingsSchema } from '@brigade/domain/ordering/api';
import { z } from 'zod';
import type { OrderingSettings } from './orders-api';

/*
 * The ordering settings form validates with the server's own rules (orderingSettingsSchema). Two fields are
 * typed differently from how the API takes them: slot capacity is blank for "no limit" (null), and the tip
 * presets are one text box of whole percents ("15, 18, 20"); the alert phone is blank for "no texts" (null).
 */

const base = orderingSettingsSchema.shape;

export const presetsFromText = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN))
    : value;

export const orderingFormSchema = z.object({
  leadTimeMinutes: base.leadTimeMinutes,
  schedulingDays: base.schedulingDays,
  slotCapacity: z.preprocess((value) => (value === undefined ? null : value), base.slotCapacity),
  // one message on the text box (the server's), not one per preset
  tipPresets: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = base.tipPresets.safeParse(presetsFromText(value ?? ''));
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? 'Tip presets are not valid',
      });
      return z.NEVER;
    }),
  captureOn: base.captureOn,
  alertAfterMinutes: base.alertAfterMinutes,
  cancelAfterMinutes: base.cancelAfterMinutes,
  // blank: no texts (null)
  alertPhone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : (value ?? null)),
    base.alertPhone,
  ),
});
export type OrderingFormOutput = z.output<typeof orderingFormSchema>;

export const orderingFormValues = (settings: OrderingSettings) => ({
  leadTimeMinutes: settings.leadTimeMinutes,
  schedulingDays: settings.schedulingDays,
  slotCapacity: settings.slotCapacity ?? undefined,
  tipPresets: settings.tipPresets.join(', '),
  captureOn: settings.captureOn,
  alertAfterMinutes: settings.alertAfterMinutes,
  cancelAfterMinutes: settings.cancelAfterMinutes,
  alertPhone: settings.alertPhone ?? '',
});
