import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_FROM, startTwilioEmulator, type TwilioEmulator } from './emulator';

/** Twilio's own `twilio` package, unmodified, against the emulator (only its API base points elsewhere). */
describe('the twilio package against the emulator', () => {
  let emulator: TwilioEmulator;
  const clientOf = (sid: string, secret: string, accountSid?: string) => {
    const client = twilio(sid, secret, accountSid ? { accountSid } : {});
    client.api.baseUrl = emulator.url;
    return client;
  };

  beforeAll(async () => {
    emulator = await startTwilioEmulator({ apiKeys: { [`SK${'a'.repeat(32)}`]: 'key-secret' } });
  });
  afterAll(() => emulator.close());

  it('sends, fetches and lists a message', async () => {
    const client = clientOf(emulator.accountSid, emulator.authToken);
    const sent = await client.messages.create({
      to: '+15551230001',
      from: EMULATOR_FROM,
      body: 'Order #7 waits',
    });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe('queued');
    expect(sent.to).toBe('+15551230001');
    expect(sent.numSegments).toBe('1');
    expect(sent.dateCreated).toBeInstanceOf(Date);
    expect(Number.isNaN(sent.dateCreated.getTime())).toBe(false);

    const fetched = await client.messages(sent.sid).fetch();
    expect(fetched.status).toBe('delivered');
    expect(fetched.body).toBe('Order #7 waits');

    const listed = await client.messages.list({ to: '+15551230001', limit: 20 });
    expect(listed.map((message) => message.sid)).toEqual([sent.sid]);
    expect(emulator.texts.at(-1)?.body).toBe('Order #7 waits');
  });

  it('accepts an API key and a messaging service as the sender', async () => {
    const client = clientOf(`SK${'a'.repeat(32)}`, 'key-secret', emulator.accountSid);
    const sent = await client.messages.create({
      to: '+15551230002',
      messagingServiceSid: `MG${'b'.repeat(32)}`,
      body: 'hello',
    });
    expect(sent.messagingServiceSid).toBe(`MG${'b'.repeat(32)}`);
    expect(sent.from).toBeNull();
  });

  it("answers Twilio's errors, which the package raises as RestException with their codes", async () => {
    const client = clientOf(emulator.accountSid, emulator.authToken);
    const refused = (body: Parameters<typeof client.messages.create>[0]) =>
      client.messages.create(body).then(
        () => {
          throw new Error('expected a refusal');
        },
        (error: { status: number; code: number; message: string }) => error,
      );
    expect(await refused({ to: '+1555', from: EMULATOR_FROM, body: 'x' })).toMatchObject({
      status: 400,
      code: 21211,
    });
    expect(await refused({ to: '+15005550009', from: EMULATOR_FROM, body: 'x' })).toMatchObject({
      code: 21614,
    });
    expect(await refused({ to: '+15551230003', from: EMULATOR_FROM, body: 'x'.repeat(1601) })).toMatchObject({
      code: 21617,
    });
    expect(await refused({ to: '+15551230003', body: 'x' })).toMatchObject({ code: 21603 });
    const wrong = clientOf(emulator.accountSid, 'not-the-token');
    const unauthorised = await wrong.messages
      .create({ to: '+15551230003', from: EMULATOR_FROM, body: 'x' })
      .then(
        () => undefined,
        (error: { status: number; code: number }) => error,
      );
    expect(unauthorised).toMatchObject({ status: 401, code: 20003 });
    const missing = await client
      .messages(`SM${'0'.repeat(32)}`)
      .fetch()
      .then(
        () => undefined,
        (error: { status: number; code: number }) => error,
      );
    expect(missing).toMatchObject({ status: 404, code: 20404 });
  });
});
