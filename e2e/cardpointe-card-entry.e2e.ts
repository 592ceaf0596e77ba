import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness';

/**
 * The CardPointe emulator's hosted card-entry page in Chromium, framed by a page of another origin, as the
 * real iFrame Tokenizer is: no button of its own, the token posted to the parent as the fields change, and
 * its URL parameters (docs/operations/cardpointe.md "The hosted card-entry page").
 */

let emulator: CardPointeEmulator;
let parent: Server;
let parentOrigin: string;
let browser: Browser;

// The parent page: the frame (13rem high, as Brigade's checkout and terminal show it; 244 px wide on a 320 px
// phone, as narrow as the checkout's) and every message it posts.
const parentPage = (src: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Parent</title></head><body>
<script>window.messages = []; addEventListener('message', (e) => window.messages.push(JSON.parse(e.data)));</script>
<div style="padding:0 30px"><iframe title="Card details" src="${src.replace(/&/g, '&amp;')}" style="width:100%;height:13rem;border:0"></iframe></div>
</body></html>`;

beforeAll(async () => {
  emulator = await startCardPointeEmulator();
  parent = createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://parent').searchParams.get('params') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(parentPage(`${emulator.cardEntryUrl}?${params}`));
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentOrigin = `http://127.0.0.1:${(parent.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (parent ? parent.close(() => resolve()) : resolve()));
  await emulator?.close();
});

const BRIGADE_PARAMS =
  'useexpiry=true&usecvv=true&formatinput=true&invalidinputevent=true&tokenizewheninactive=true';

async function open(params: string, viewport = { width: 390, height: 844 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${parentOrigin}/?params=${encodeURIComponent(params)}`);
  return page;
}

const frameOf = (page: Page) => page.frameLocator('iframe[title="Card details"]');
const messages = (page: Page) => page.evaluate(() => (window as unknown as { messages: unknown[] }).messages);
const nextYear = String(new Date().getFullYear() + 1);

async function waitForMessage(page: Page) {
  await page.waitForFunction(() => (window as unknown as { messages: unknown[] }).messages.length > 0, null, {
    timeout: 10_000,
  });
  return (await messages(page)).at(-1) as Record<string, string>;
}

describe('the hosted card-entry page', () => {
  it("with Brigade's parameters: no button, the token posted once the card, expiry and CVV are in", async () => {
    const page = await open(BRIGADE_PARAMS);
    const frame = frameOf(page);
    await frame.getByLabel('Card number').fill('4111111111111111');
    expect(await frame.getByLabel('Card number').inputValue()).toBe('4111 1111 1111 1111');
    await frame.getByLabel('Expiry month').selectOption('12');
    await frame.getByLabel('Expiry year').selectOption(nextYear);
    expect(await messages(page)).toEqual([]); // the CVV is still missing
    await frame.getByLabel('Security code (CVV)').fill('123');
    // no blur: the pause after typing is enough (tokenizewheninactive)
    const message = await waitForMessage(page);
    expect(message).toEqual({ message: expect.stringMatching(/^941\d{9}1111$/), expiry: `${nextYear}12` });
    expect(await frame.getByRole('button').count()).toBe(0);
    await page.context().close();
  });

  it('posts a validation error for a number that is no card, and marks the field', async () => {
    const page = await open(BRIGADE_PARAMS);
    const frame = frameOf(page);
    await frame.getByLabel('Card number').fill('4111111111111112');
    expect(await waitForMessage(page)).toEqual({ validationError: 'Invalid card number' });
    expect(await frame.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('without tokenizewheninactive, tokenises when the field loses focus; without useexpiry, no expiry', async () => {
    const page = await open('tokenpropname=mytoken');
    const frame = frameOf(page);
    await frame.getByLabel('Card number').fill('5454545454545454');
    await page.waitForTimeout(800);
    expect(await messages(page)).toEqual([]);
    await frame.getByLabel('Card number').press('Tab');
    expect(await waitForMessage(page)).toEqual({ mytoken: expect.stringMatching(/^954\d{9}5454$/) });
    expect(await frame.getByLabel('Expiry month').count()).toBe(0);
    expect(await frame.getByLabel('Security code (CVV)').count()).toBe(0);
    await page.context().close();
  });

  it('shows an invalid entry inside the frame when the parent is not told (no invalidinputevent)', async () => {
    const page = await open('');
    const frame = frameOf(page);
    await frame.getByLabel('Card number').fill('1234');
    await frame.getByLabel('Card number').press('Tab');
    await frame.getByRole('alert').filter({ hasText: 'Invalid card number' }).waitFor();
    expect(await messages(page)).toEqual([]);
    await page.context().close();
  });

  it('applies the css parameter, and fits a phone-sized frame without scrolling', async () => {
    const css = 'input{color:rgb(1, 2, 3)}';
    const page = await open(`${BRIGADE_PARAMS}&css=${encodeURIComponent(css)}`, { width: 320, height: 640 });
    const frame = page.frames().find((candidate) => candidate.url().startsWith(emulator.cardEntryUrl));
    await frameOf(page).getByLabel('Card number').waitFor();
    expect(await frame!.evaluate(() => getComputedStyle(document.getElementById('ccnumfield')!).color)).toBe(
      'rgb(1, 2, 3)',
    );
    const overflow = await frame!.evaluate(
      () => document.documentElement.scrollHeight - document.documentElement.clientHeight,
    );
    expect(await frame!.evaluate(() => document.documentElement.clientWidth)).toBeLessThanOrEqual(244);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
