import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  lenientBoolean,
  lenientJsonObject,
  lenientList,
  lenientObjectOf,
  lenientOneOrMany,
  lenientRequiredString,
  lenientString,
  lenientUserfields,
} from './lenient';

describe('lenientString', () => {
  it('keeps strings and writes numbers and booleans as strings', () => {
    expect(lenientString.parse('A')).toBe('A');
    expect(lenientString.parse('')).toBe('');
    expect(lenientString.parse(12.5)).toBe('12.5');
    expect(lenientString.parse(0)).toBe('0');
    expect(lenientString.parse(true)).toBe('true');
  });

  it('leaves out what is not a scalar', () => {
    for (const value of [undefined, null, {}, [], Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(lenientString.parse(value)).toBeUndefined();
    }
  });
});

describe('lenientRequiredString', () => {
  it('fails with its message only when the value is missing', () => {
    const schema = z.object({ token: lenientRequiredString('token is missing') });
    expect(schema.parse({ token: 5 })).toEqual({ token: '5' });
    expect(schema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['token is missing']);
    expect(schema.safeParse({ token: {} }).error?.issues.map((issue) => issue.message)).toEqual([
      'token is missing',
    ]);
  });
});

describe('lenientBoolean', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['FALSE', false],
    ['Y', true],
    ['n', false],
    [' true ', true],
    ['maybe', undefined],
    [1, undefined],
    [null, undefined],
  ])('reads %j as %j', (value, expected) => {
    expect(lenientBoolean.parse(value)).toBe(expected);
  });
});

describe('lenientJsonObject', () => {
  const schema = lenientJsonObject(lenientObjectOf(['dba']));

  it('reads an object or the JSON string of one', () => {
    expect(schema.parse({ dba: 'Harbor Grill' })).toEqual({ dba: 'Harbor Grill' });
    expect(schema.parse('{"dba":"Harbor Grill","extra":1}')).toEqual({ dba: 'Harbor Grill', extra: 1 });
  });

  it('turns a string that is not the JSON of an object into {}', () => {
    for (const value of ['{not json', '', '[1,2]', '"text"', '42', 'null']) {
      expect(schema.parse(value)).toEqual({});
    }
    expect(schema.parse(17)).toEqual({});
  });

  it('leaves an absent value absent', () => {
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(null)).toBeUndefined();
  });
});

describe('lenientUserfields', () => {
  it('reads an object, a list of one-entry objects or a JSON string of either', () => {
    expect(lenientUserfields.parse({ table: '12', covers: 4 })).toEqual({ table: '12', covers: '4' });
    expect(lenientUserfields.parse([{ table: '12' }, { server: 'Ana' }])).toEqual({
      table: '12',
      server: 'Ana',
    });
    expect(lenientUserfields.parse('[{"table":"12"}]')).toEqual({ table: '12' });
    expect(lenientUserfields.parse('{"table":"12"}')).toEqual({ table: '12' });
  });

  it('drops what it cannot read', () => {
    expect(lenientUserfields.parse('{broken')).toEqual({});
    expect(lenientUserfields.parse([1, 'x', { nested: { a: 1 }, ok: 'y' }])).toEqual({ ok: 'y' });
    expect(lenientUserfields.parse(undefined)).toBeUndefined();
  });
});

describe('lenientList', () => {
  const schema = lenientList(lenientObjectOf(['id']));

  it('keeps a list, wraps a single object, and reads absent as []', () => {
    expect(schema.parse([{ id: '1' }, { id: 2 }])).toEqual([{ id: '1' }, { id: '2' }]);
    expect(schema.parse({ id: '1' })).toEqual([{ id: '1' }]);
    expect(schema.parse(undefined)).toEqual([]);
    expect(schema.parse(null)).toEqual([]);
  });

  it('drops entries that are not objects', () => {
    expect(schema.parse([{ id: '1' }, 'junk', 3, null, [{ id: '2' }]])).toEqual([{ id: '1' }]);
  });
});

describe('lenientOneOrMany', () => {
  const schema = lenientOneOrMany(lenientObjectOf(['retref']));

  it('reads one answer or a list of them as a list', () => {
    expect(schema.parse({ retref: '1' })).toEqual([{ retref: '1' }]);
    expect(schema.parse([{ retref: '1' }, { retref: '2' }])).toEqual([{ retref: '1' }, { retref: '2' }]);
  });

  it('fails on an answer that is not an object', () => {
    expect(schema.safeParse('oops').success).toBe(false);
  });
});

describe('lenientObjectOf', () => {
  const schema = lenientObjectOf(['respstat', 'amount', 'enabled'], { enabled: lenientBoolean });

  it('keeps unknown fields and does not care about order', () => {
    const answer = { zz_dummy: 'x', amount: '1.00', respstat: 'A', enabled: 'true', nested: { a: 1 } };
    expect(schema.parse(answer)).toEqual({
      zz_dummy: 'x',
      amount: '1.00',
      respstat: 'A',
      enabled: true,
      nested: { a: 1 },
    });
  });

  it('accepts numbers where strings are expected and checks no format', () => {
    expect(schema.parse({ amount: 12.5, respstat: 'Z' })).toEqual({ amount: '12.5', respstat: 'Z' });
  });
});
