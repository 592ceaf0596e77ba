import {
  type ChannelAvailability,
  createMenuGroupInputSchema,
  type MenuPricingType,
  type WeekDays,
} from '@brigade/domain/catalogue/menu-group';
import { WEEKDAYS } from '@brigade/domain/weekdays';
import { optionalNumber, optionalText } from '@brigade/ui/app-kit/form-values';
import { z } from 'zod';
import type { MenuGroupRecord } from '../../catalogue-kit/catalogue-api';
import { changedMergePatch } from '../../components/merge-patch';

/**
 * The menu-group settings form: what a group is called, its pricing type, where it shows (visibility per
 * channel) and when (days, time range, date range, seasonal window). The values are validated
 * with the server's own schema (createMenuGroupInputSchema: same rules, same messages) after blanks are
 * turned into "not set".
 */

export interface GroupFormValues {
  name: string;
  description: string;
  posName: string;
  isActive: boolean;
  isMenu: boolean;
  isSpecial: boolean;
  isPriority: boolean;
  pricingType: MenuPricingType;
  fixedPrice?: number | undefined;
  discountPercentage?: number | undefined;
  minRequired?: number | undefined;
  maxSelections?: number | undefined;
  visibleInPOS: boolean;
  visibleInKiosk: boolean;
  visibleInOnlineOrdering: boolean;
  visibleInPartners: boolean;
  visibleInInvoices: boolean;
  availability: ChannelAvailability;
  daysOfWeek: WeekDays;
  timeRange: { startTime: string; endTime: string };
  dateRange: { startDate: string; endDate: string };
  seasonalAvailability: {
    isActive: boolean;
    startMonth?: number | undefined;
    startDay?: number | undefined;
    endMonth?: number | undefined;
    endDay?: number | undefined;
    displayMessage: string;
  };
}

export const VISIBILITY_FIELDS = [
  ['visibleInPOS', 'POS'],
  ['visibleInKiosk', 'Kiosk'],
  ['visibleInOnlineOrdering', 'Online ordering'],
  ['visibleInPartners', 'Partners'],
  ['visibleInInvoices', 'Invoices'],
] as const;

export const AVAILABILITY_CHANNELS: readonly [keyof ChannelAvailability, string][] = [
  ['dineIn', 'Dine-in'],
  ['takeout', 'Takeout'],
  ['delivery', 'Delivery'],
  ['kiosk', 'Kiosk'],
  ['online', 'Online'],
  ['partners', 'Partners'],
];

const allDays = () => Object.fromEntries(WEEKDAYS.map((day) => [day, true])) as WeekDays;

/** The form's values for a stored group, or for a new one (the spec's defaults). */
export function groupFormValues(group?: Partial<MenuGroupRecord> | null): GroupFormValues {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    posName: group?.posName ?? '',
    isActive: group?.isActive ?? true,
    isMenu: group?.isMenu ?? false,
    isSpecial: group?.isSpecial ?? false,
    isPriority: group?.isPriority ?? false,
    pricingType: group?.pricingType ?? 'standard',
    fixedPrice: group?.fixedPrice ?? undefined,
    discountPercentage: group?.discountPercentage ?? undefined,
    minRequired: group?.minRequired ?? undefined,
    maxSelections: group?.maxSelections ?? undefined,
    visibleInPOS: group?.visibleInPOS ?? true,
    visibleInKiosk: group?.visibleInKiosk ?? true,
    visibleInOnlineOrdering: group?.visibleInOnlineOrdering ?? true,
    visibleInPartners: group?.visibleInPartners ?? true,
    visibleInInvoices: group?.visibleInInvoices ?? true,
    availability: {
      dineIn: true,
      takeout: true,
      delivery: true,
      kiosk: true,
      online: true,
      partners: true,
      ...group?.availability,
    },
    daysOfWeek: { ...allDays(), ...group?.daysOfWeek },
    timeRange: {
      startTime: group?.timeRange?.startTime ?? '',
      endTime: group?.timeRange?.endTime ?? '',
    },
    dateRange: {
      startDate: group?.dateRange?.startDate ?? '',
      endDate: group?.dateRange?.endDate ?? '',
    },
    seasonalAvailability: {
      isActive: group?.seasonalAvailability?.isActive ?? false,
      startMonth: group?.seasonalAvailability?.startMonth,
      startDay: group?.seasonalAvailability?.startDay,
      endMonth: group?.seasonalAvailability?.endMonth,
      endDay: group?.seasonalAvailability?.endDay,
      displayMessage: group?.seasonalAvailability?.displayMessage ?? '',
    },
  };
}

const num = (value: unknown) => optionalNumber(value);

/**
 * The form's values as the API's fields: blanks are "not set", a time range or date range with both ends
 * blank is absent, and the price fields of the other pricing types are dropped. daysAvailable follows
 * daysOfWeek (a menu group keeps both; the builder edits them as one).
 */
export function normaliseGroupForm(values: GroupFormValues): Record<string, unknown> {
  const { timeRange, dateRange, seasonalAvailability: season } = values;
  const bothBlank = (a: string, b: string) => a.trim() === '' && b.trim() === '';
  return {
    name: values.name,
    description: optionalText(values.description),
    posName: optionalText(values.posName),
    isActive: values.isActive,
    isMenu: values.isMenu,
    isSpecial: values.isSpecial,
    isPriority: values.isPriority,
    pricingType: values.pricingType,
    fixedPrice: values.pricingType === 'fixed' ? num(values.fixedPrice) : undefined,
    discountPercentage: values.pricingType === 'discount' ? num(values.discountPercentage) : undefined,
    minRequired: num(values.minRequired),
    maxSelections: num(values.maxSelections),
    visibleInPOS: values.visibleInPOS,
    visibleInKiosk: values.visibleInKiosk,
    visibleInOnlineOrdering: values.visibleInOnlineOrdering,
    visibleInPartners: values.visibleInPartners,
    visibleInInvoices: values.visibleInInvoices,
    availability: { ...values.availability },
    daysOfWeek: { ...values.daysOfWeek },
    daysAvailable: { ...values.daysOfWeek },
    timeRange: bothBlank(timeRange.startTime, timeRange.endTime)
      ? undefined
      : { startTime: timeRange.startTime.trim(), endTime: timeRange.endTime.trim() },
    dateRange: bothBlank(dateRange.startDate, dateRange.endDate)
      ? undefined
      : {
          ...(optionalText(dateRange.startDate) ? { startDate: dateRange.startDate.trim() } : {}),
          ...(optionalText(dateRange.endDate) ? { endDate: dateRange.endDate.trim() } : {}),
        },
    seasonalAvailability: {
      isActive: season.isActive,
      ...(num(season.startMonth) !== undefined ? { startMonth: num(season.startMonth) } : {}),
      ...(num(season.startDay) !== undefined ? { startDay: num(season.startDay) } : {}),
      ...(num(season.endMonth) !== undefined ? { endMonth: num(season.endMonth) } : {}),
      ...(num(season.endDay) !== undefined ? { endDay: num(season.endDay) } : {}),
      ...(optionalText(season.displayMessage) ? { displayMessage: season.displayMessage } : {}),
    },
  };
}

/** The form's schema: the server's create schema (whole-record rules, the spec's messages) on the normalised values. */
export const groupFormSchema = z.preprocess(
  (values) => normaliseGroupForm(values as GroupFormValues),
  createMenuGroupInputSchema,
);

export const GROUP_FORM_FIELDS = [
  'name',
  'description',
  'posName',
  'isActive',
  'isMenu',
  'isSpecial',
  'isPriority',
  'pricingType',
  'fixedPrice',
  'discountPercentage',
  'minRequired',
  'maxSelections',
  'visibleInPOS',
  'visibleInKiosk',
  'visibleInOnlineOrdering',
  'visibleInPartners',
  'visibleInInvoices',
  'availability',
  'daysOfWeek',
  'daysAvailable',
  'timeRange',
  'dateRange',
  'seasonalAvailability',
] as const;

/** The PATCH body for a stored group (only what changed; null clears), or the create body's fields. */
export function groupPatch(
  original: MenuGroupRecord | null,
  values: GroupFormValues,
): Record<string, unknown> {
  return changedMergePatch(
    normaliseGroupForm(values),
    original as unknown as Record<string, unknown>,
    GROUP_FORM_FIELDS,
  );
}
