import { optionalNumber } from '@brigade/ui/app-kit/form-values';
import { describe, expect, it } from 'vitest';
import type { MenuGroupRecord } from '../../catalogue-kit/catalogue-api';
import { changedMergePatch } from '../../components/merge-patch';
import {
  type GroupFormValues,
  groupFormSchema,
  groupFormValues,
  groupPatch,
  normaliseGroupForm,
} from './group-form';

const messages = (values: GroupFormValues) => {
  const result = groupFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('menu group form', () => {
  it('starts from the spec defaults and accepts a named group', () => {
    const values = { ...groupFormValues(), name: 'Mains' };
    expect(values.pricingType).toBe('standard');
    expect(values.visibleInPOS).toBe(true);
    expect(values.seasonalAvailability.isActive).toBe(false);
    expect(messages(values)).toEqual([]);
  });

  it("reports the server's messages", () => {
    const base = groupFormValues();
    expect(messages(base)).toContain('name: Menu group name cannot be empty');
    expect(messages({ ...base, name: 'A', pricingType: 'fixed' })).toContain(
      'fixedPrice: Price/discount details do not match pricing type',
    );
    expect(messages({ ...base, name: 'A', pricingType: 'discount', discountPercentage: 120 })).toContain(
      'discountPercentage: Discount percentage must be between 0 and 100',
    );
    expect(messages({ ...base, name: 'A', minRequired: 3, maxSelections: 1 })).toContain(
      'maxSelections: Maximum selections cannot be less than minimum required selections',
    );
    expect(messages({ ...base, name: 'A', timeRange: { startTime: '9:00', endTime: '' } })).toEqual([
      'timeRange.startTime: Invalid time format, expected HH:MM',
      'timeRange.endTime: Invalid time format, expected HH:MM',
    ]);
    expect(
      messages({ ...base, name: 'A', dateRange: { startDate: '2026-05-02', endDate: '2026-05-01' } }),
    ).toEqual(['dateRange.endDate: End date cannot be before start date']);
    expect(
      messages({
        ...base,
        name: 'A',
        seasonalAvailability: { ...base.seasonalAvailability, startMonth: 13 },
      }),
    ).toEqual(['seasonalAvailability.startMonth: Month must be 1-12']);
  });

  it('turns blanks into absent fields and drops the other pricing types’ prices', () => {
    const values: GroupFormValues = {
      ...groupFormValues(),
      name: 'Lunch',
      description: '  ',
      pricingType: 'standard',
      fixedPrice: 12,
      timeRange: { startTime: '11:00', endTime: '15:00' },
      daysOfWeek: { ...groupFormValues().daysOfWeek, sunday: false },
    };
    const normalised = normaliseGroupForm(values);
    expect(normalised.description).toBeUndefined();
    expect(normalised.fixedPrice).toBeUndefined();
    expect(normalised.dateRange).toBeUndefined();
    expect(normalised.timeRange).toEqual({ startTime: '11:00', endTime: '15:00' });
    expect(normalised.daysAvailable).toEqual(normalised.daysOfWeek);
  });

  it('patches only what changed and clears what the form emptied', () => {
    const stored = {
      ...groupFormValues(),
      menuGroupId: 4,
      name: 'Lunch',
      description: 'Weekdays',
      timeRange: { startTime: '11:00', endTime: '15:00' },
      dateRange: undefined,
      daysAvailable: groupFormValues().daysOfWeek,
      seasonalAvailability: { isActive: false },
    } as unknown as MenuGroupRecord;
    const values = groupFormValues(stored);
    values.description = '';
    values.timeRange = { startTime: '', endTime: '' };
    values.visibleInKiosk = false;
    expect(groupPatch(stored, values)).toEqual({ description: null, timeRange: null, visibleInKiosk: false });
  });
});

describe('form utils', () => {
  it('reads optional numbers', () => {
    expect(optionalNumber('')).toBeUndefined();
    expect(optionalNumber('4,5')).toBe(4.5);
    expect(optionalNumber('x')).toBeNaN();
    expect(optionalNumber(3)).toBe(3);
  });

  it('builds a merge patch without the unchanged fields', () => {
    expect(changedMergePatch({ a: 2, b: [1] }, { a: 1, b: [1], c: 'x' }, ['a', 'b', 'c', 'd'])).toEqual({
      a: 2,
      c: null,
    });
    expect(changedMergePatch({ a: 1, b: undefined }, null, ['a', 'b'])).toEqual({ a: 1 });
  });
});

describe('server problems on the form', () => {
  it('puts field errors on known fields and returns the rest as the form message', async () => {
    const { ProblemError } = await import('@brigade/api-client/problem-error');
    const { applyProblem, errorMessageOf } = await import('@brigade/ui/app-kit/server-errors');
    const placed: [string, string][] = [];
    const setError = ((path: string, error: { message: string }) =>
      placed.push([path, error.message])) as never;
    const problem = new ProblemError(400, {
      detail: 'Validation failed',
      errors: [{ path: 'items.0.itemId', message: 'Item with ID 9 not found' }],
    });
    expect(applyProblem(problem, setError, ['name'])).toBe('Validation failed');
    expect(placed).toEqual([]);
    const onField = new ProblemError(400, {
      detail: 'Validation failed',
      errors: [{ path: 'timeRange.startTime', message: 'Invalid time format, expected HH:MM' }],
    });
    expect(applyProblem(onField, setError, ['timeRange'])).toBeNull();
    expect(placed).toEqual([['timeRange.startTime', 'Invalid time format, expected HH:MM']]);
    expect(errorMessageOf(problem, 'fallback')).toBe('Item with ID 9 not found');
    expect(errorMessageOf(new ProblemError(409, { detail: 'Conflict here' }), 'fallback')).toBe(
      'Conflict here',
    );
  });
});
