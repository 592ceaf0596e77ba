import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskUrl, redactBindings, redacted } from './logger';

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(loggerOptions('info') as pino.LoggerOptions, stream);
  redactBindings(logger);
  return { lines, logger };
};

describe('log redaction', () => {
  it('writes the request id as it is and still redacts beside it, in bindings and in the line', () => {
    const { lines, logger } = capture();
    const child = logger.child({ reqId: 'req-1a2b3c4d', token: 'tok-9' });
    child.info({ reqId: 'req-2', body: { password: 'pw-9' } }, 'bound');
    const line = JSON.parse(lines.join('')) as Record<string, unknown>;
    expect(line.reqId).toBe('req-2');
    expect(lines.join('')).toContain('"reqId":"req-1a2b3c4d"');
    expect(line.token).toBe('[Redacted]');
    expect(line.body).toEqual({ password: '[Redacted]' });
  });

  it('never writes passwords, tokens, card numbers or CVV, at any usual depth', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'pw-1',
        body: { password: 'pw-2', cardNumber: '4111111111111111', cvv: '123', nested: { token: 'tok-3' } },
        user: { sessionToken: 'sess-4', email: 'ok@example.com' },
        authorization: 'Bearer abc-5',
        payment: { account: '4012888888881881', expiry: '1229' },
      },
      'something happened',
    );
    // (the line's own pid and time are numbers that may hold the digits of the expiry: a CI run's pid was 12298)
    const line = lines.join('').replace(/"(pid|time)":\d+,/g, '');
    for (const value of [
      'pw-1',
      'pw-2',
      '4111111111111111',
      '"123"',
      'tok-3',
      'sess-4',
      'abc-5',
      '4012888888881881',
      '1229',
    ]) {
      expect(line).not.toContain(value);
    }
    expect(line).toContain('ok@example.com');
    expect(line).toContain('[Redacted]');
  });

  it('never writes a register passcode or its hash', () => {
    const { lines, logger } = capture();
    logger.info(
      { body: { passcode: '482613', action: 'clock_in' }, row: { passcode_hash: '$argon2id$x' } },
      'punch',
    );
    const text = lines.join('');
    expect(text).not.toContain('482613');
    expect(text).not.toContain('argon2id');
    expect(text).toContain('clock_in');
  });

  it('never writes Google OAuth tokens, client secrets or PKCE verifiers', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        answer: { access_token: 'ya29.g-1', refresh_token: '1//g-2', id_token: 'g-3', expires_in: 3599 },
        form: { client_secret: 'g-4', code_verifier: 'g-5' },
        oauthState: { codeVerifier: 'g-6', nonce: 'n-ok' },
      },
      'google token answer',
    );
    const line = lines.join('');
    for (const value of ['ya29.g-1', '1//g-2', 'g-3', 'g-4', 'g-5', 'g-6']) expect(line).not.toContain(value);
    expect(line).toContain('3599');
    expect(maskUrl('/token?refresh_token=r1&code_verifier=v1&client_secret=s1&access_token=a1&x=1')).toBe(
      '/token?refresh_token=[Redacted]&code_verifier=[Redacted]&client_secret=[Redacted]&access_token=[Redacted]&x=1',
    );
  });

  it("never writes the language model's API key, in the config or a request's headers", () => {
    const { lines, logger } = capture();
    logger.info(
      {
        llm: { mode: 'remote', apiKey: 'sk-llm-1', model: 'gpt-4o-mini' },
        config: { llm: { apiKey: 'sk-llm-2' } },
        headers: { authorization: 'Bearer sk-llm-3' },
      },
      'llm configured',
    );
    const line = lines.join('');
    for (const value of ['sk-llm-1', 'sk-llm-2', 'sk-llm-3']) expect(line).not.toContain(value);
    expect(line).toContain('gpt-4o-mini');
  });

  it('leaves the logged object itself alone: a copy carries the redaction, and nothing to hide means no copy', () => {
    const plain = { reqId: 'r-1', res: { statusCode: 200 }, list: [{ id: 1 }] };
    expect(redacted(plain)).toBe(plain);
    const secret = {
      keep: 1,
      body: { items: [{ token: 't-1', id: 2 }] },
      deep: { a: { b: { c: { password: 'p' } } } },
    };
    const copy = redacted(secret);
    // four levels down, as deep as `body.items[0].token`; deeper is written as it is
    expect(copy).toEqual({
      keep: 1,
      body: { items: [{ token: '[Redacted]', id: 2 }] },
      deep: { a: { b: { c: { password: 'p' } } } },
    });
    expect(secret.body.items[0]!.token).toBe('t-1');
    expect(copy.deep).toBe(secret.deep);
  });

  it('writes only the safe parts of a request and a reply, and hides the headers a reply sets', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/a?token=t-7',
          ip: '203.0.113.9',
          headers: { authorization: 'Bearer t-8' },
        },
        res: { statusCode: 200, headers: { 'set-cookie': 'brigade_session=t-9' } },
        upstream: { headers: { 'set-cookie': 's-10', 'x-goog-api-key': 'k-11' } },
      },
      'request completed',
    );
    const line = JSON.parse(lines.join('')) as Record<string, unknown>;
    expect(line.req).toEqual({ method: 'GET', url: '/a?token=[Redacted]', remoteAddress: '203.0.113.9' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(line.upstream).toEqual({
      headers: { 'set-cookie': '[Redacted]', 'x-goog-api-key': '[Redacted]' },
    });
  });

  it('redacts the fields an error carries', () => {
    const { lines, logger } = capture();
    const error = Object.assign(new Error('gateway refused'), {
      token: 'e-1',
      request: { headers: { authorization: 'Bearer e-2' } },
    });
    logger.error({ err: error }, 'failed');
    const text = lines.join('');
    expect(text).not.toContain('e-1');
    expect(text).toContain('gateway refused');
    expect(JSON.parse(text).err.request).toEqual({ headers: { authorization: '[Redacted]' } });
  });

  it('masks one-time codes and tokens in URLs', () => {
    expect(maskUrl('/auth/callback?code=abc&state=x&token=t1')).toBe(
      '/auth/callback?code=[Redacted]&state=x&token=[Redacted]',
    );
    expect(maskUrl('/menu?tenant=1')).toBe('/menu?tenant=1');
  });
});

/** An error shaped like the driver's (pg and PGlite both raise these), with fields that quote values. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('logged database errors (decision 016)', () => {
  it('keep the SQL text, SQLSTATE and constraint but never the parameters or the values the driver quotes', () => {
    const { lines, logger } = capture();
    const cause = databaseError('duplicate key value violates unique constraint "users_email_key"', {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      detail: 'Key (email)=(secret-email@example.com) already exists.',
      where: 'secret-where-context',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "name") values ($1, $2)',
      ['secret-email@example.com', 'Secret\u0000Name'],
      cause,
    );
    logger.error({ err: error }, 'unexpected error');
    const line = lines.join('');
    expect(line).not.toContain('secret-email');
    expect(line).not.toContain('Secret');
    expect(line).not.toContain('secret-where');
    expect(line).not.toContain('params');
    const logged = JSON.parse(line).err;
    expect(logged.message).toBe('Failed query: insert into "users" ("email", "name") values ($1, $2)');
    expect(logged.query).toBe('insert into "users" ("email", "name") values ($1, $2)');
    expect(logged.stack).toContain('Failed query: insert into "users"');
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
  });

  it('mask the value PostgreSQL quotes at the end of a message', () => {
    const { lines, logger } = capture();
    const error = databaseError('invalid input syntax for type uuid: "secret-guid-value"', { code: '22P02' });
    logger.error({ err: error }, 'unexpected error');
    const logged = JSON.parse(lines.join('')).err;
    expect(logged.message).toBe('invalid input syntax for type uuid: [Redacted]');
    expect(JSON.stringify(logged)).not.toContain('secret-guid-value');
  });

  it('leave other errors as they are', () => {
    const { lines, logger } = capture();
    logger.error({ err: new TypeError('plain failure') }, 'unexpected error');
    expect(JSON.parse(lines.join('')).err).toMatchObject({ type: 'TypeError', message: 'plain failure' });
  });
});
