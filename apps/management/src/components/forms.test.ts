import { ProblemError } from '@brigade/api-client/problem-error';
import { createTaxRateInputSchema } from '@brigade/domain/catalogue/tax-rate';
import { applyServerErrors, fieldPath } from '@brigade/ui/app-kit/server-errors';
import { blankToUndefined } from '@brigade/ui/app-kit/use-zod-form';
import { describe, expect, it } from 'vitest';
import { toMergePatch } from './merge-patch';

describe('blankToUndefined', () => {
  it('turns blank texts and NaN into undefined, deeply, and keeps the rest', () => {
    expect(
      blankToUndefined({
        name: '  ',
        rate: Number.NaN,
        ok: 'x',
        nested: { code: '' },
        ids: [1, 2],
        flag: false,
      }),
    ).toEqual({
      name: undefined,
      rate: undefined,
      ok: 'x',
      nested: { code: undefined },
      ids: [1, 2],
      flag: false,
    });
  });

  it('lets the domain schema report its own message for a blank required name', () => {
    const result = createTaxRateInputSchema.safeParse(blankToUndefined({ name: '', rate: 1 }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('Tax rate name cannot be empty');
  });
});

describe('toMergePatch', () => {
  it('sends the edited fields and null for optional fields the form cleared', () => {
    const original = { name: 'City tax', importId: 'A1', rate: 1, takeoutTaxrate: 2 };
    const values = { name: 'City tax', rate: 1.5, importId: undefined, takeoutTaxrate: undefined };
    expect(toMergePatch(values, original, ['name', 'rate', 'importId', 'takeoutTaxrate', 'number'])).toEqual({
      name: 'City tax',
      rate: 1.5,
      importId: null,
      takeoutTaxrate: null,
    });
  });
});

describe('applyServerErrors', () => {
  const fakeForm = (values: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    return {
      errors,
      getValues: () => values,
      setError: (name: string, error: { message?: string }) => {
        errors[name] = error.message ?? '';
      },
    };
  };

  it('puts field errors on their fields (body. prefix and nested paths) and returns nothing left over', () => {
    const form = fakeForm({ name: '', cashDrawer: { name: '' } });
    const problem = new ProblemError(400, {
      detail: 'Invalid request',
      errors: [
        { path: 'body.name', message: 'Printer name cannot be empty' },
        { path: 'cashDrawer.name', message: 'Cash drawer name cannot be longer than 30 characters' },
      ],
    });
    expect(applyServerErrors(problem, form as never)).toBeNull();
    expect(form.errors).toEqual({
      name: 'Printer name cannot be empty',
      'cashDrawer.name': 'Cash drawer name cannot be longer than 30 characters',
    });
  });

  it("reads paths under a nested body part when told where the form sits (an invitation's account)", () => {
    const form = fakeForm({ firstName: '', password: '' });
    const problem = new ProblemError(400, {
      detail: 'Invalid request',
      errors: [{ path: 'account.password', message: 'This password is one of the most common' }],
    });
    expect(applyServerErrors(problem, form as never)).toBe('Invalid request');
    expect(form.errors).toEqual({});
    expect(applyServerErrors(problem, form as never, 'account')).toBeNull();
    expect(form.errors).toEqual({ password: 'This password is one of the most common' });
  });

  it('returns the detail when an error has no field, and the message of other errors', () => {
    const form = fakeForm({ name: '' });
    expect(
      applyServerErrors(new ProblemError(409, { detail: 'Tax rate with ID 4 not found' }), form as never),
    ).toBe('Tax rate with ID 4 not found');
    expect(applyServerErrors(new Error('Network down'), form as never)).toBe('Network down');
  });
});

describe('fieldPath', () => {
  it('cuts an index into a list of plain values back to the list, keeps indexes into lists of objects', () => {
    const values = { otherStationIds: [3, 8], jobAssignments: [{ jobId: 1 }] };
    expect(fieldPath('body.otherStationIds.0', values)).toBe('otherStationIds');
    expect(fieldPath('jobAssignments/0/wageOverride', values)).toBe('jobAssignments.0.wageOverride');
    expect(fieldPath('ticketPrinterId', values)).toBe('ticketPrinterId');
  });
});
