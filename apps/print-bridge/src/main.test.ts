import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeConfigError, bridgeOptions } from './main';
import { type FakePrinter, fakePrinter } from './test-printer';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const REGISTER = 'https://brigade.example.com';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `npm run print-bridge` as a child process; resolves once it printed its listening line. */
async function bridgeProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      PRINT_BRIDGE_HOST: '127.0.0.1',
      PRINT_BRIDGE_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  let output = '';
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const started = await new Promise<{ url: string; code: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in 30 s:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /Print bridge listening on (http:\/\/\S+) — pairing code: (\S+)\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, code: match[2]! });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, ...started };
}

async function print(url: string, code: string, printer: FakePrinter, key: string) {
  const response = await fetch(`${url}/v1/print`, {
    method: 'POST',
    headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      key,
      host: '127.0.0.1',
      port: printer.port,
      bytes: Buffer.from('ticket').toString('base64'),
    }),
  });
  return { status: response.status, body: await response.json() };
}

async function kill9(child: ChildProcess) {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe('npm run print-bridge', () => {
  it('prints a key once through a kill -9 of the bridge, with the pairing code it made kept', async () => {
    const state = mkdtempSync(join(tmpdir(), 'print-bridge-process-'));
    cleanups.push(() => rmSync(state, { recursive: true, force: true }));
    const printer = await fakePrinter();
    cleanups.push(() => printer.stop());
    const env = {
      PRINT_BRIDGE_STATE: state,
      PRINT_BRIDGE_ORIGINS: REGISTER,
      KITCHEN_PRINTER_PORT: String(printer.port),
      PRINT_BRIDGE_ALLOW_LOOPBACK: 'true',
    };

    const before = await bridgeProcess(env);
    expect(before.code).toBe(readFileSync(join(state, 'token'), 'utf8').trim());
    expect(await print(before.url, before.code, printer, 'K')).toEqual({
      status: 200,
      body: { key: 'K', printed: true, first: true },
    });
    await kill9(before.child);

    const after = await bridgeProcess(env);
    expect(after.code).toBe(before.code);
    expect(await print(after.url, after.code, printer, 'K')).toEqual({
      status: 200,
      body: { key: 'K', printed: true, first: false },
    });
    expect(printer.jobs).toEqual([Buffer.from('ticket')]);
    const closed = once(after.child, 'exit');
    after.child.kill('SIGTERM');
    expect(await closed).toEqual([0, null]);
  }, 60_000);

  it('will not start without the origins of the registers, or with a bad port', async () => {
    const state = mkdtempSync(join(tmpdir(), 'print-bridge-config-'));
    cleanups.push(() => rmSync(state, { recursive: true, force: true }));
    await expect(bridgeOptions({ PRINT_BRIDGE_STATE: state })).rejects.toThrow(
      /PRINT_BRIDGE_ORIGINS is required/,
    );
    await expect(
      bridgeOptions({ PRINT_BRIDGE_STATE: state, PRINT_BRIDGE_ORIGINS: REGISTER, PRINT_BRIDGE_PORT: 'abc' }),
    ).rejects.toBeInstanceOf(BridgeConfigError);
    await expect(
      bridgeOptions({
        PRINT_BRIDGE_STATE: state,
        PRINT_BRIDGE_ORIGINS: REGISTER,
        PRINT_BRIDGE_TLS_CERT: 'cert.pem',
      }),
    ).rejects.toThrow(/set both or neither/);
    await expect(
      bridgeOptions({
        PRINT_BRIDGE_STATE: state,
        PRINT_BRIDGE_ORIGINS: REGISTER,
        PRINT_BRIDGE_TOKEN: 'short',
      }),
    ).rejects.toThrow('PRINT_BRIDGE_TOKEN: must be at least 16 characters (or unset: one is made)');
    const options = await bridgeOptions({
      PRINT_BRIDGE_STATE: state,
      PRINT_BRIDGE_ORIGINS: `${REGISTER}/, http://localhost:3006`,
      PRINT_BRIDGE_TOKEN: 'given-code-of-16-chars',
    });
    // plain HTTP stays on this computer: the pairing code would cross the network in clear
    expect(options).toMatchObject({
      port: 9111,
      host: '127.0.0.1',
      token: 'given-code-of-16-chars',
      allowLoopback: false,
      origins: [REGISTER, 'http://localhost:3006'],
      printerPort: 9100,
    });
  });
});
