/**
 * Recognises a unique-constraint violation (SQLSTATE 23505) on either engine. Drizzle wraps driver errors,
 * so the driver's error may be the `cause`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      return candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint);
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

/**
 * Socket errors of a database connection that could not be made or was cut (Node's `code`). An outside
 * service reached over HTTP fails the same way, but inside `fetch failed`, which is not the database's.
 */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * SQLSTATEs of a server that is not there to answer: class 08 (connection exception) by prefix, and the
 * server going away or refusing new sessions: 57P01 admin_shutdown (pg_terminate_backend, a fast stop),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery), 53300
 * too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres and pg-pool say without a code when a connection is lost, times out or was closed, and
 * what an embedded database that is closed or whose thread stopped says (packages/db/src/pglite-thread.ts).
 * 55000 is object_not_in_prerequisite_state, far wider than connections, so only its "not accepting
 * connections" (`ALTER DATABASE … ALLOW_CONNECTIONS false`) counts.
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|PGlite is closed|The embedded database's thread stopped)|is not currently accepting connections/;

/**
 * Recognises "the database cannot be reached right now" on either engine (issue 42), through Drizzle's
 * wrapping (`cause`) and Node's AggregateError of several addresses (`errors`). Such a failure is the
 * service being unavailable (503, try again), not a bug of the request (500).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (candidate.message === 'fetch failed') return false;
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  if (UNREACHABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    return true;
  if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
  if (
    Array.isArray(candidate.errors) &&
    candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}
