import { deleteImage, uploadImage } from '@brigade/contracts/images';
import { imageRecords } from '@brigade/core/images/image-repository';
import {
  deleteImage as deleteImageUseCase,
  type ImageDeps,
  uploadImage as uploadImageUseCase,
} from '@brigade/core/images/image-service';
import { BrigadeError } from '@brigade/domain/errors';
import { MAX_IMAGE_BYTES } from '@brigade/domain/images';
import { tooLarge } from '@brigade/images/pipeline';
import { CONTENT_TYPES, LocalDiskStorage } from '@brigade/images/storage';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppDeps, useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { sendProblem } from '../plugins/problem-details';

/** The image use-cases' deps for this request (the request's logger, its database handle). */
const imageDeps = (deps: AppDeps, request: FastifyRequest): ImageDeps => ({
  ...useCaseDeps(deps),
  storage: deps.imageStorage,
  logger: { warn: (details, message) => request.log.warn(details, message) },
  records: imageRecords(deps.database.db),
  writer: deps.instanceId,
});

const notMultipart = () =>
  new BrigadeError(
    'validation',
    'VALIDATION_FAILED',
    'Expected a multipart/form-data upload with a file field',
    { errors: [{ path: 'file', message: 'Expected a multipart/form-data upload with a file field' }] },
  );

const optionalId = (fields: Map<string, string>, name: string): number | undefined => {
  const value = fields.get(name);
  if (value === undefined || value === '') return undefined;
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0)
    throw new BrigadeError('validation', 'VALIDATION_FAILED', `${name} must be a positive integer`, {
      errors: [{ path: name, message: `${name} must be a positive integer` }],
    });
  return id;
};

/** The form fields the upload reads; anything else in the form is ignored. */
const UPLOAD_FIELDS = new Set(['folder', 'preset', 'tenantId', 'restaurantId']);

/**
 * Reads the upload form as a stream (@fastify/multipart over busboy): one file, a few short fields, and a
 * file over the limit stops being read at the limit rather than after it has all arrived.
 */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; fields: Map<string, string> }> {
  if (!request.isMultipart()) throw notMultipart();
  const fields = new Map<string, string>();
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
      } else if (UPLOAD_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    if (error instanceof BrigadeError) throw error;
    throw notMultipart();
  }
  if (!file) throw notMultipart();
  return { file, fields };
}

export const imageRoutes = [
  implement(uploadImage, async ({ actor, deps, request }) => {
    const { file, fields } = await readUpload(request);
    const folder = fields.get('folder');
    const preset = fields.get('preset') === 'hero' ? 'hero' : 'default';
    const scope = {
      tenantId: optionalId(fields, 'tenantId'),
      restaurantId: optionalId(fields, 'restaurantId'),
      folder: folder !== undefined && folder !== '' ? folder : preset === 'hero' ? 'hero-images' : 'images',
    };
    const image = await uploadImageUseCase(imageDeps(deps, request), actor, {
      data: file,
      scope: {
        folder: scope.folder,
        ...(scope.tenantId === undefined ? {} : { tenantId: scope.tenantId }),
        ...(scope.restaurantId === undefined ? {} : { restaurantId: scope.restaurantId }),
      },
      preset,
    });
    return success(image);
  }),
  implement(deleteImage, async ({ actor, deps, request, body }) =>
    success(await deleteImageUseCase(imageDeps(deps, request), actor, body)),
  ),
];

/** Room for the form's other fields and boundaries around a file of the maximum size. */
const MULTIPART_BODY_LIMIT = MAX_IMAGE_BYTES + 1024 * 1024;

/**
 * Multipart bodies are read by @fastify/multipart, only on the upload route (others answer 415 as before),
 * and the local storage's files are served at the media path with immutable caching (names are
 * content-hashed).
 */
export async function registerImageSupport(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
  });
  // Both hooks run on every request (issue 20): callback hooks, no promise, and the route is looked at last.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const contentType = request.headers['content-type'];
    if (contentType && /^multipart\//i.test(contentType) && request.routeOptions.url !== '/api/v1/images')
      return done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }));
    done(null, payload);
  });
  // A declared length over the limit gets the spec's message before any byte is read (without a length,
  // Fastify's own 413 applies at the limit). Identity's onRequest hook has run, so the actor is known.
  app.addHook('onRequest', (request, _reply, done) => {
    // Access is decided first: anyone signed out gets 401 (or Fastify's 413), never this message.
    if (request.method !== 'POST' || request.actor?.kind !== 'user') return done();
    if (request.routeOptions.url !== '/api/v1/images') return done();
    const length = Number(request.headers['content-length'] ?? 0);
    done(length > MULTIPART_BODY_LIMIT ? tooLarge() : undefined);
  });

  const storage = deps.imageStorage;
  if (!(storage instanceof LocalDiskStorage)) return;
  const prefix = new URL(deps.config.media.baseUrl).pathname.replace(/\/$/, '');
  // Images are shown on other origins (tenant domains, the app ports): helmet's same-origin CORP would
  // block them there (decision 017).
  const helmet = { crossOriginResourcePolicy: { policy: 'cross-origin' } } as const;
  app.get(`${prefix}/*`, { logLevel: 'warn', helmet }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const data = await storage.read(key);
    if (!data) return sendProblem(reply, 404, 'ROUTE_NOT_FOUND', `Route GET ${request.url} not found`);
    const ext = key.slice(key.lastIndexOf('.') + 1);
    return reply
      .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
