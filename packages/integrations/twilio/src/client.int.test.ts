import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioClient, TwilioError } from './client';
import { EMULATOR_FROM, startTwilioEmulator, type TwilioEmulator } from './emulator';

/** Brigade's Twilio client against the emulator, over real HTTP. */
describe('TwilioClient', () => {
  let emulator: TwilioEmulator;
  let client: TwilioClient;
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(TwilioError);
        return error as TwilioError;
      },
    );

  beforeAll(async () => {
    emulator = await startTwilioEmulator();
    client = new TwilioClient({
      baseUrl: emulator.url,
      accountSid: emulator.accountSid,
      authToken: emulator.authToken,
      from: EMULATOR_FROM,
      timeoutMs: 1_000,
    });
  });
  afterAll(() => emulator.close());

  it('sends a text and answers its SID', async () => {
    const sent = await client.send('+15551239999', 'Order #12 is waiting to be accepted');
    expect(sent.status).toBe('queued');
    expect(emulator.texts.at(-1)).toMatchObject({
      sid: sent.sid,
      to: '+15551239999',
      from: EMULATOR_FROM,
      body: 'Order #12 is waiting to be accepted',
    });
  });

  it('says what went wrong in the shared categories, with Twilio’s code, never the token', async () => {
    const invalid = await failureOf(client.send('+15005550001', 'x'));
    expect(invalid.category).toBe('bad-request');
    expect(invalid.facts).toMatchObject({ status: 400, code: '21211' });

    emulator.injectFailure({ status: 429, retryAfterSeconds: 7 });
    const limited = await failureOf(client.send('+15551239999', 'x'));
    expect(limited.category).toBe('rate-limited');
    expect(limited.facts.retryAfterMs).toBe(7_000);

    emulator.injectFailure({ status: 503 });
    expect((await failureOf(client.send('+15551239999', 'x'))).category).toBe('server');

    emulator.injectFailure({ hang: true });
    expect((await failureOf(client.send('+15551239999', 'x'))).category).toBe('timeout');

    const wrong = new TwilioClient({
      baseUrl: emulator.url,
      accountSid: emulator.accountSid,
      authToken: 'a-wrong-secret-token',
      from: EMULATOR_FROM,
    });
    const unauthorised = await failureOf(wrong.send('+15551239999', 'x'));
    expect(unauthorised.category).toBe('unauthorized');
    expect(unauthorised.facts.code).toBe('20003');
    expect(JSON.stringify({ message: unauthorised.message, facts: unauthorised.facts })).not.toContain(
      'a-wrong-secret-token',
    );
  });

  it('has no answer from a closed port: network', async () => {
    const closed = await startTwilioEmulator();
    await closed.close();
    const gone = new TwilioClient({
      baseUrl: closed.url,
      accountSid: closed.accountSid,
      authToken: closed.authToken,
      from: EMULATOR_FROM,
    });
    expect((await failureOf(gone.send('+15551239999', 'x'))).category).toBe('network');
  });
});
