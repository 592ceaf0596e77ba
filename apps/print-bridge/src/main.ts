import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PrintBridgeOptions, startPrintBridge } from './bridge';

/**
 * `npm run print-bridge` (or `npm run brigade -- print-bridge`): the LAN print bridge, configured from the
 * environment (docs/operations/print-bridge.md). Resolves with the exit code once a signal closed it.
 */
export async function runPrintBridge(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let options: PrintBridgeOptions;
  try {
    options = await bridgeOptions(env);
  } catch (error) {
    if (!(error instanceof BridgeConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  let bridge: Awaited<ReturnType<typeof startPrintBridge>>;
  try {
    bridge = await startPrintBridge(options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    process.stderr.write(
      `PRINT_BRIDGE_PORT: port ${options.port} is in use (is the bridge running already?)\n`,
    );
    return 1;
  }
  // the pairing code is shown here only, on the console of the machine the bridge runs on
  process.stdout.write(`Print bridge listening on ${bridge.url} — pairing code: ${options.token}\n`);
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      bridge.close().then(
        () => done(0),
        () => done(1),
      );
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

/** A setting that stops the bridge from starting; its message names the variable. */
export class BridgeConfigError extends Error {}

/** The bridge's options from PRINT_BRIDGE_* and KITCHEN_PRINTER_PORT. */
export async function bridgeOptions(env: NodeJS.ProcessEnv): Promise<PrintBridgeOptions> {
  const origins = (env.PRINT_BRIDGE_ORIGINS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .map(origin);
  if (origins.length === 0)
    throw new BridgeConfigError(
      'PRINT_BRIDGE_ORIGINS is required: the addresses of the registers that may print, comma-separated (e.g. https://brigade.example.com)',
    );
  const stateDir = statePath(env.PRINT_BRIDGE_STATE);
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  return {
    port: portNumber('PRINT_BRIDGE_PORT', env.PRINT_BRIDGE_PORT, 9111, 0),
    // plain HTTP carries the pairing code in clear: the network only with a certificate
    host: env.PRINT_BRIDGE_HOST || (env.PRINT_BRIDGE_TLS_CERT ? '0.0.0.0' : '127.0.0.1'),
    token: givenToken(env.PRINT_BRIDGE_TOKEN) ?? (await storedToken(stateDir)),
    allowLoopback: env.PRINT_BRIDGE_ALLOW_LOOPBACK === 'true',
    origins,
    stateDir,
    printerPort: portNumber('KITCHEN_PRINTER_PORT', env.KITCHEN_PRINTER_PORT, 9100, 1),
    ...(await tlsFiles(env.PRINT_BRIDGE_TLS_CERT, env.PRINT_BRIDGE_TLS_KEY)),
  };
}

/** A pairing code given in PRINT_BRIDGE_TOKEN: at least 16 characters, or it is guessed. */
function givenToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 16)
    throw new BridgeConfigError('PRINT_BRIDGE_TOKEN: must be at least 16 characters (or unset: one is made)');
  return value;
}

function origin(value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.origin !== 'null') return parsed.origin;
  } catch {}
  throw new BridgeConfigError(
    `PRINT_BRIDGE_ORIGINS: "${value}" is not an origin like https://brigade.example.com`,
  );
}

function portNumber(name: string, value: string | undefined, fallback: number, lowest: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < lowest || port > 65_535)
    throw new BridgeConfigError(`${name}: must be a port number (got "${value}")`);
  return port;
}

function statePath(value: string | undefined): string {
  if (!value) return join(homedir(), '.brigade-print-bridge');
  return resolve(value.startsWith('~/') ? join(homedir(), value.slice(2)) : value);
}

/** The pairing code kept in the state directory: made once (24 random bytes), the same at every start. */
async function storedToken(stateDir: string): Promise<string> {
  const file = join(stateDir, 'token');
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept !== '') return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(24).toString('base64url');
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

async function tlsFiles(certPath: string | undefined, keyPath: string | undefined) {
  if (!certPath && !keyPath) return {};
  if (!certPath || !keyPath)
    throw new BridgeConfigError(
      'PRINT_BRIDGE_TLS_CERT and PRINT_BRIDGE_TLS_KEY go together: set both or neither',
    );
  const read = async (name: string, path: string) => {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      throw new BridgeConfigError(`${name}: cannot read ${path} (${(error as Error).message})`);
    }
  };
  return {
    tls: {
      cert: await read('PRINT_BRIDGE_TLS_CERT', certPath),
      key: await read('PRINT_BRIDGE_TLS_KEY', keyPath),
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runPrintBridge().then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
