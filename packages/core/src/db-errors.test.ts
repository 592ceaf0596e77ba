import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './db-errors';

/** An error as node-postgres or Node makes it: a message and, when there is one, a code. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** Drizzle's wrapping of a driver error. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', failure('read ECONNRESET', 'ECONNRESET')],
    ['a connection to a host that cannot be reached', failure('connect EHOSTUNREACH', 'EHOSTUNREACH')],
    [
      'refusals of every address of a host',
      Object.assign(new AggregateError([failure('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {}),
    ],
    ['pg_terminate_backend (57P01)', failure('terminating connection due to administrator command', '57P01')],
    [
      'a crashed server (57P02)',
      failure('terminating connection because of crash of another server process', '57P02'),
    ],
    ['a server starting up (57P03)', failure('the database system is starting up', '57P03')],
    ['too many connections (53300)', failure('sorry, too many clients already', '53300')],
    ['a connection exception (08006)', failure('connection failure', '08006')],
    ['a refused session (08004)', failure('server rejected the connection', '08004')],
    [
      'a database that takes no connections',
      failure('database "brigade" is not currently accepting connections', '55000'),
    ],
    ['a connection lost mid-query', failure('Connection terminated unexpectedly')],
    ["pg-pool's wait for a connection", failure('timeout exceeded when trying to connect')],
    ["the client's connection timeout", failure('Connection terminated due to connection timeout')],
    ['a pool that was ended', failure('Cannot use a pool after calling end on the pool')],
    ['a closed embedded database', failure('PGlite is closed')],
    ["the embedded database's thread gone", failure("The embedded database's thread stopped (exit code 1)")],
  ])('recognises %s, bare and wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', failure('duplicate key value violates unique constraint "x"', '23505')],
    ['a permission error', failure('permission denied for table items', '42501')],
    ['another 55000', failure('cannot ALTER TABLE because it is being used', '55000')],
    ['a syntax error', failure('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      "an outside service's refusal over HTTP",
      new TypeError('fetch failed', { cause: failure('connect ECONNREFUSED 10.0.0.9:443', 'ECONNREFUSED') }),
    ],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('stops at a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('finds 23505 through a wrapping', () => {
    expect(isUniqueViolation(wrapped(failure('duplicate key', '23505')))).toBe(true);
    expect(isUniqueViolation(wrapped(failure('no', '23503')))).toBe(false);
  });
});
