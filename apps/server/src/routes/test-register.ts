import { DEFAULT_TERMINAL } from '@brigade/cardpointe/terminal-emulator';
import { expect } from 'vitest';
import type { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import type { Person, useOrderingRestaurant } from './test-ordering';

type TestApp = ReturnType<typeof useTestApp>;

/**
 * What the register's card tests share: its calls over real HTTP (the paired device's token in
 * `X-Pos-Device`, set once the file pairs it; `device: ''` sends none), and the emulator's terminal played as
 * a shopper would, through its page's controls (`shopper`) once its screen waits for them (`until`).
 */
export function registerCalls(t: TestApp, kit: ReturnType<typeof useOrderingRestaurant>) {
  const hsn = DEFAULT_TERMINAL.hsn;
  const device = { token: '' };
  const pos = (
    who: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { key?: string; payload?: object; device?: string } = {},
  ) =>
    overHttp(t.baseUrl, {
      method,
      url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/pos${path}`,
      session: kit.sessions[who],
      ...(options.payload ? { payload: options.payload } : {}),
      headers: {
        ...(options.device === undefined
          ? { 'x-pos-device': device.token }
          : options.device
            ? { 'x-pos-device': options.device }
            : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
    });

  return { device, hsn, pos, ...terminalShopper(kit) };
}

/** The emulator's terminal played as a shopper would: its page's controls, once its screen waits for them. */
export function terminalShopper(kit: { emulator: { url: string } }, hsn = DEFAULT_TERMINAL.hsn) {
  async function shopper(control: string, body: object = {}) {
    const answer = await fetch(`${kit.emulator.url}/terminal/${hsn}/${control}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
  }

  /** Waits until the terminal waits for `what`; answers its screen. */
  async function until(what: string) {
    for (let i = 0; i < 300; i++) {
      const view = (await (await fetch(`${kit.emulator.url}/terminal/${hsn}/screen`)).json()) as {
        waitingFor: string[];
        screen: Record<string, unknown>;
      };
      if (view.waitingFor.includes(what)) return view.screen;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the terminal never waited for ${what}`);
  }

  return { shopper, until };
}
