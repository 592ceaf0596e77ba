import { decodeEposPrint, decodeStarPrnt, type PrintedOutput } from './decode';

/**
 * Emulators of the two cloud printers (docs/behaviour/printing.md#emulators), for tests and demos: each
 * polls a server as the real printer does — on an interval, with the real request shapes — takes what it is
 * given, "prints" it (keeps the bytes or the XML and what they read as), and answers with the real result
 * codes. `state` switches it to out of paper, cover open or offline (an offline printer does not poll).
 */

export type PrinterState = 'ready' | 'paper out' | 'cover open' | 'offline';

export interface EmulatorOptions {
  /** The poll URL (the link's). */
  url: string;
  /** HTTP Basic: the user name and password entered in the printer's web setup. */
  userName: string;
  password: string;
  /** The printer's MAC address (Star) or the ID set in its web setup (Epson). */
  deviceId: string;
  /** How often it polls (ms); real printers: a few seconds. */
  intervalMs?: number;
}

export interface Printed extends PrintedOutput {
  /** What arrived: the job's bytes (Star) or the `<epos-print>` element (Epson). */
  raw: Buffer | string;
  mediaType: string;
  token: string;
}

abstract class CloudPrinterEmulator {
  state: PrinterState = 'ready';
  readonly printed: Printed[] = [];
  /** Each poll's HTTP status, newest last (401 for a wrong password). */
  readonly answers: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(protected readonly options: EmulatorOptions) {}

  protected get authorization(): string {
    const pair = `${this.options.userName}:${this.options.password}`;
    return `Basic ${Buffer.from(pair).toString('base64')}`;
  }

  /** One poll, with what follows from it (taking, printing and confirming a job). */
  abstract poll(): Promise<void>;

  /** Polls every `intervalMs` until stopped; a poll never overlaps the previous one. */
  start(): this {
    const tick = async () => {
      if (this.state !== 'offline') await this.poll().catch(() => undefined);
      this.timer = setTimeout(() => {
        this.running = tick();
      }, this.options.intervalMs ?? 200);
    };
    this.running = tick();
    return this;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    clearTimeout(this.timer);
  }

  /** Resolves once `count` documents are printed (or rejects after `timeoutMs`). */
  async waitForPrinted(count: number, timeoutMs = 15_000): Promise<Printed[]> {
    const until = Date.now() + timeoutMs;
    while (this.printed.length < count) {
      if (Date.now() > until) throw new Error(`${this.printed.length} of ${count} documents printed in time`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.printed;
  }
}

/** Star CloudPRNT's status codes for each state (printer status codes: 2xx online, 410 paper, 420 cover). */
const STAR_STATUS: Record<PrinterState, string> = {
  ready: '200 OK',
  'paper out': '410 Out of paper',
  'cover open': '420 Cover open',
  offline: '200 OK',
};

/** A Star CloudPRNT printer (mC-Print3, TSP100IV): POST status, GET the job, DELETE with the result code. */
export class StarCloudPrntEmulator extends CloudPrinterEmulator {
  /** The media types it prints; a job offered in none of them is refused with 510. */
  mediaTypes = ['application/vnd.star.starprnt'];
  /** Print, but keep the confirmations (DELETE) back until `release()`: a server that dies meanwhile. */
  holdConfirmations = false;
  /** Confirmations not delivered yet: held back, or sent to a server that did not answer (sent again). */
  private readonly pending: { token: string; code: string; retry: number }[] = [];

  /** Sends the confirmations not delivered yet; answers their HTTP statuses. */
  async release(): Promise<number[]> {
    const statuses: number[] = [];
    while (this.pending.length > 0) {
      const next = this.pending[0]!;
      statuses.push(await this.confirm(next.token, next.code, next.retry));
      this.pending.shift();
    }
    return statuses;
  }

  async poll(): Promise<void> {
    // a confirmation the server did not get is sent again first (with its retry count), as the printer does;
    // one held back keeps the printer from taking anything else
    if (this.pending.length > 0) {
      if (this.holdConfirmations) return;
      for (const entry of this.pending) entry.retry += 1;
      await this.release();
    }
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: { authorization: this.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        status: this.state === 'ready' ? '23 86 00 00 00 00 00 00 00' : '23 86 08 00 08 00 00 00 00',
        printerMAC: this.options.deviceId,
        statusCode: STAR_STATUS[this.state],
        printingInProgress: false,
        clientAction: null,
      }),
    });
    this.answers.push(response.status);
    if (!response.ok) return;
    const answer = (await response.json()) as {
      jobReady?: boolean;
      mediaTypes?: string[];
      jobToken?: string;
    };
    // a printer that cannot print does not fetch: it keeps reporting its status until it can
    if (!answer.jobReady || this.state !== 'ready') return;
    const token = answer.jobToken ?? '';
    const type = (answer.mediaTypes ?? []).find((offered) => this.mediaTypes.includes(offered));
    if (!type) return void (await this.confirm(token, '510 Incompatible media type'));
    const job = await fetch(this.jobUrl({ type, token }), { headers: { authorization: this.authorization } });
    if (!job.ok) return void (await this.confirm(token, '520 Job download failed'));
    const bytes = Buffer.from(await job.arrayBuffer());
    this.printed.push({ ...decodeStarPrnt(bytes), raw: bytes, mediaType: type, token });
    this.pending.push({ token, code: 'OK', retry: 0 });
    if (!this.holdConfirmations) await this.release();
  }

  private jobUrl(parameters: Record<string, string>): string {
    const url = new URL(this.options.url);
    url.searchParams.set('mac', this.options.deviceId);
    for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
    return url.toString();
  }

  private async confirm(token: string, code: string, retry = 0): Promise<number> {
    const response = await fetch(
      this.jobUrl({ code, token, ...(retry > 0 ? { retry: String(retry) } : {}) }),
      {
        method: 'DELETE',
        headers: { authorization: this.authorization },
      },
    );
    this.answers.push(response.status);
    return response.status;
  }
}

/** Epson's error codes in a printing result, by state (ePOS-Print's `code`). */
const EPSON_CODE: Record<PrinterState, string> = {
  ready: '',
  'paper out': 'EPTR_REC_EMPTY',
  'cover open': 'EPTR_COVER_OPEN',
  offline: 'EX_TIMEOUT',
};

/** An Epson TM printer on Server Direct Print: GetRequest, print the `<ePOSPrint>`s, SetResponse. */
export class EpsonSdpEmulator extends CloudPrinterEmulator {
  async poll(): Promise<void> {
    const response = await this.post({ ConnectionType: 'GetRequest', ID: this.options.deviceId });
    this.answers.push(response.status);
    if (!response.ok) return;
    const xml = await response.text();
    const results: string[] = [];
    for (const block of xml.matchAll(/<ePOSPrint>([\s\S]*?)<\/ePOSPrint>/g)) {
      const body = block[1]!;
      const token = /<printjobid>([^<]*)<\/printjobid>/.exec(body)?.[1] ?? '';
      const document = /<PrintData>([\s\S]*)<\/PrintData>/.exec(body)?.[1] ?? '';
      const ok = this.state === 'ready';
      if (ok)
        this.printed.push({ ...decodeEposPrint(document), raw: document, mediaType: 'text/xml', token });
      results.push(
        '<ePOSPrint><Parameter><devid>local_printer</devid>' +
          `<printjobid>${token}</printjobid></Parameter><PrintResponse>` +
          '<response xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" ' +
          `success="${ok}" code="${EPSON_CODE[this.state]}" status="${ok ? 251658262 : 252641308}" battery="0"/>` +
          '</PrintResponse></ePOSPrint>',
      );
    }
    if (results.length === 0) return;
    const responseFile = `<?xml version="1.0" encoding="utf-8"?>\n<PrintResponseInfo Version="2.00">${results.join('')}</PrintResponseInfo>`;
    const set = await this.post({
      ConnectionType: 'SetResponse',
      ID: this.options.deviceId,
      ResponseFile: responseFile,
    });
    this.answers.push(set.status);
  }

  private post(form: Record<string, string>): Promise<Response> {
    return fetch(this.options.url, {
      method: 'POST',
      headers: { authorization: this.authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }
}
