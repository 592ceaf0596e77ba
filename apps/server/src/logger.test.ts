import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskUrl } from './logger';

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: pino(loggerOptions('info') as pino.LoggerOptions, stream) };
};

describe('log redaction', () => {
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
    const line = lines.join('');
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

  it('masks one-time codes and tokens in URLs', () => {
    expect(maskUrl('/auth/callback?code=abc&state=x&token=t1')).toBe(
      '/auth/callback?code=[Redacted]&state=x&token=[Redacted]',
    );
    expect(maskUrl('/menu?tenant=1')).toBe('/menu?tenant=1');
  });
});
