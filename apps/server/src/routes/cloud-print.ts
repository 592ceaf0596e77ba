import {
  type AuthenticatedPrinter,
  authenticatePrinter,
  CLOUD_PRINT_PATH,
  eposResults,
  nextOffer,
  printRequestInfo,
  recordPoll,
  sameDevice,
  settleDocument,
  takeDocument,
} from '@brigade/core/printing/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';

/**
 * Where cloud printers poll (docs/behaviour/printing.md, decision 053): `/api/v1/cloud-print/{linkId}`, in
 * the printer makers' own protocols, not the API's JSON envelope.
 * - Star CloudPRNT: POST (JSON status) → `{jobReady, mediaTypes, jobToken}`; GET `?mac&type&token` → the
 *   job's bytes; DELETE `?mac&code&token` → the result ("OK"/2xx printed, anything else failed). A poll whose
 *   statusCode is not 2xx (410 out of paper, 420 cover open) fails what waits for the printer.
 * - Epson Server Direct Print: POST form `ConnectionType=GetRequest&ID=…` → a `<PrintRequestInfo>` (or an
 *   empty answer: nothing to print); `ConnectionType=SetResponse&ID=…&ResponseFile=<PrintResponseInfo>` →
 *   each `<printjobid>`'s success or error code.
 * Every call authenticates with HTTP Basic (the link's password); the MAC or ID it names must be the
 * printer's. A wrong password is 401, another printer's MAC or ID 403, a malformed call 400.
 */

const FORM_LIMIT = 256 * 1024;

export function registerCloudPrint(app: FastifyInstance, deps: AppDeps): void {
  const collectSeconds = deps.config.cloudPrintCollectSeconds;
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const path = `${CLOUD_PRINT_PATH}/:linkId`;
    const guarded =
      (
        handler: (
          printer: AuthenticatedPrinter,
          request: FastifyRequest,
          reply: FastifyReply,
        ) => Promise<unknown>,
      ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { linkId } = request.params as { linkId: string };
        const printer = await authenticatePrinter(deps.database.db, linkId, request.headers.authorization);
        if (!printer)
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="Brigade printers"')
            .type('text/plain')
            .send('Unknown printer link or wrong password');
        return handler(printer, request, reply);
      };
    scope.post(
      path,
      guarded((printer, request, reply) =>
        printer.connection === 'Star CloudPRNT'
          ? starPoll(deps, printer, request, reply)
          : epsonPost(deps, printer, request, reply, collectSeconds),
      ),
    );
    scope.get(
      path,
      guarded((printer, request, reply) => starJob(deps, printer, request, reply, collectSeconds)),
    );
    scope.delete(
      path,
      guarded((printer, request, reply) => starConfirm(deps, printer, request, reply)),
    );
  });
}

const badRequest = (reply: FastifyReply, message: string) => reply.code(400).type('text/plain').send(message);
const notThisPrinter = (reply: FastifyReply) =>
  reply
    .code(403)
    .type('text/plain')
    .send('This link belongs to another printer (the MAC address or ID differs)');
const queryOf = (request: FastifyRequest) => request.query as Record<string, string | undefined>;

async function starPoll(
  deps: AppDeps,
  printer: AuthenticatedPrinter,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (printer.connection !== 'Star CloudPRNT')
    return badRequest(reply, 'This printer is not on Star CloudPRNT');
  const body = request.body as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null || typeof body.statusCode !== 'string')
    return badRequest(reply, 'A CloudPRNT poll is a JSON object with a statusCode');
  if (!sameDevice(printer, typeof body.printerMAC === 'string' ? body.printerMAC : undefined))
    return notThisPrinter(reply);
  const statusCode = body.statusCode.slice(0, 120);
  const db = deps.database.db;
  await recordPoll(db, printer, statusCode);
  // 4xx: the printer cannot print (out of paper, cover open): what waits for it goes the way of a failure
  if (!statusCode.startsWith('2')) {
    await settleDocument(
      db,
      printer,
      { allOpen: true },
      { printed: false, result: `${printer.name}: ${statusCode}` },
    );
    return { jobReady: false };
  }
  const offer = await nextOffer(db, printer);
  return offer
    ? { jobReady: true, mediaTypes: [offer.mediaType], jobToken: offer.token, deleteMethod: 'DELETE' }
    : { jobReady: false };
}

async function starJob(
  deps: AppDeps,
  printer: AuthenticatedPrinter,
  request: FastifyRequest,
  reply: FastifyReply,
  collectSeconds: number,
) {
  const query = queryOf(request);
  if (printer.connection !== 'Star CloudPRNT')
    return badRequest(reply, 'This printer is not on Star CloudPRNT');
  if (!sameDevice(printer, query.mac)) return notThisPrinter(reply);
  const db = deps.database.db;
  // firmware before jobToken asks for "the" job: the one it was offered
  const token = query.token ?? (await nextOffer(db, printer))?.token;
  const job = token ? await takeDocument(db, printer, collectSeconds, token) : null;
  if (!job) return reply.code(404).type('text/plain').send('No such job for this printer');
  if (query.type !== undefined && query.type !== job.mediaType)
    return reply.code(415).type('text/plain').send(`This job is available as ${job.mediaType} only`);
  return reply.type(job.mediaType).header('cache-control', 'no-store').send(job.body);
}

async function starConfirm(
  deps: AppDeps,
  printer: AuthenticatedPrinter,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = queryOf(request);
  if (printer.connection !== 'Star CloudPRNT')
    return badRequest(reply, 'This printer is not on Star CloudPRNT');
  if (!sameDevice(printer, query.mac)) return notThisPrinter(reply);
  if (!query.code) return badRequest(reply, 'A CloudPRNT confirmation carries a code');
  const db = deps.database.db;
  const token = query.token ?? (await nextOffer(db, printer))?.token;
  if (!token) return reply.code(200).send();
  const printed = query.code === 'OK' || query.code.startsWith('2');
  const code = query.code.slice(0, 120);
  await settleDocument(
    db,
    printer,
    { token },
    { printed, result: printed ? code : `${printer.name}: ${code}` },
  );
  return reply.code(200).send();
}

async function epsonPost(
  deps: AppDeps,
  printer: AuthenticatedPrinter,
  request: FastifyRequest,
  reply: FastifyReply,
  collectSeconds: number,
) {
  const form = request.body as Record<string, string | undefined> | undefined;
  if (typeof form !== 'object' || form === null || typeof form.ConnectionType !== 'string')
    return badRequest(reply, 'A Server Direct Print request is a form with ConnectionType and ID');
  if (!sameDevice(printer, form.ID)) return notThisPrinter(reply);
  const db = deps.database.db;
  if (form.ConnectionType === 'GetRequest') {
    await recordPoll(db, printer, null);
    const job = await takeDocument(db, printer, collectSeconds);
    if (!job) return reply.code(200).type('text/xml; charset=utf-8').send('');
    const xml = printRequestInfo([{ token: job.token, body: job.body.toString('utf8') }]);
    return reply.code(200).type('text/xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
  }
  if (form.ConnectionType === 'SetResponse') {
    const results = eposResults(form.ResponseFile ?? '');
    if (results.length === 0) return badRequest(reply, 'The ResponseFile holds no <ePOSPrint> result');
    for (const result of results) {
      const outcome = result.success
        ? { printed: true, result: 'OK' }
        : { printed: false, result: `${printer.name}: ${result.code || 'error'} (status ${result.status})` };
      await settleDocument(db, printer, { token: result.token }, outcome);
    }
    const last = results[results.length - 1]!;
    await recordPoll(db, printer, last.success ? 'OK' : last.code || 'error');
    return reply.code(200).type('text/plain').send('');
  }
  return badRequest(reply, 'ConnectionType must be GetRequest or SetResponse');
}
