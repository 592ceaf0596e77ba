import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '../text';
import { type CrossFieldRule, checkRules, takeSuppliedIdentity } from './fields';

const guid = '6f1c2a7e-4b1d-4c1e-9a55-0d6a4a3b2c10';

describe('takeSuppliedIdentity', () => {
  it('uses a supplied id and guid only when both are there', () => {
    expect(takeSuppliedIdentity(7, guid)).toEqual({ id: 7, guid });
    expect(takeSuppliedIdentity(7, undefined)).toBeNull();
    expect(takeSuppliedIdentity(undefined, guid)).toBeNull();
  });

  it('treats an id of 0 as not generated yet', () => {
    expect(takeSuppliedIdentity(0, guid)).toBeNull();
  });
});

describe('requiredText', () => {
  const name = requiredText('Name cannot be empty');

  it('gives the same message for missing, non-text and blank values', () => {
    for (const value of [undefined, 42, '', '   ']) {
      expect(name.safeParse(value).error?.issues[0]?.message).toBe('Name cannot be empty');
    }
  });

  it('trims the text it accepts', () => {
    expect(name.parse('  Soup ')).toBe('Soup');
  });
});

describe('checkRules', () => {
  interface Range {
    min?: number;
    max?: number;
  }
  const rules: CrossFieldRule<Range>[] = [
    {
      reads: ['min', 'max'],
      path: 'max',
      message: 'max below min',
      holds: (v) => v.max === undefined || (v.min ?? 0) <= v.max,
    },
  ];
  const shape = { min: z.number().optional(), max: z.number().optional() };
  const whole = z.object(shape).superRefine(checkRules(rules, 'whole'));
  const patch = z.object(shape).superRefine(checkRules(rules, 'patch'));

  it('reports a broken rule at its path', () => {
    expect(whole.safeParse({ min: 3, max: 1 }).error?.issues).toMatchObject([
      { path: ['max'], message: 'max below min' },
    ]);
  });

  it('checks a whole entity even when a field it reads is missing', () => {
    expect(whole.safeParse({ max: -1 }).success).toBe(false);
  });

  it('skips a rule in a patch that does not send every field it reads', () => {
    expect(patch.safeParse({ max: -1 }).success).toBe(true);
    expect(patch.safeParse({ min: 3, max: 1 }).success).toBe(false);
  });
});
