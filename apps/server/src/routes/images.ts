import { deleteImage, uploadImage } from '@brigade/contracts/images';
import { BrigadeError } from '@brigade/domain/errors';
import { MAX_IMAGE_BYTES } from '@brigade/domain/images';
import {
  deleteImage as deleteImageUseCase,
  type ImageDeps,
  uploadImage as uploadImageUseCase,
} from '@brigade/images/image-service';
import { tooLarge } from '@brigade/images/pipeline';
import { CONTENT_TYPES, LocalDiskStorage } from '@brigade/images/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement } from '../plugins/contract-routes';
import { sendProblem } from '../plugins/problem-details';

const imageDeps = (deps: AppDeps, request: FastifyRequest): ImageDeps => ({
  db: deps.database.db,
  storage: deps.imageStorage,
  logger: { warn: (details, message) => request.log.warn(details, message) },
});

const notMultipart = () =>
  new BrigadeError(
    'validation',
    'VALIDATION_FAILED',
    'Expected a multipart/form-data upload with a file field',
    { errors: [{ path: 'file', message: 'Expected a multipart/form-data upload with a file field' }] },
  );

const optionalId = (form: FormData, name: string): number | undefined => {
  const value = form.get(name);
  if (value === null || value === '') return undefined;
  const id = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(id) || id <= 0)
    throw new BrigadeError('validation', 'VALIDATION_FAILED', `${name} must be a positive integer`, {
      errors: [{ path: name, message: `${name} must be a positive integer` }],
    });
  return id;
};

/** Reads the raw multipart body (kept as bytes by the parser registered below) with the platform's FormData. */
async function readForm(request: FastifyRequest): Promise<FormData> {
  const contentType = request.headers['content-type'];
  if (!Buffer.isBuffer(request.body) || !contentType?.startsWith('multipart/form-data')) throw notMultipart();
  try {
    return await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw notMultipart();
  }
}

export const imageRoutes = [
  implement(uploadImage, async ({ actor, deps, request }) => {
    const form = await readForm(request);
    const file = form.get('file');
    if (!(file instanceof Blob)) throw notMultipart();
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
    const folder = form.get('folder');
    const preset = form.get('preset') === 'hero' ? 'hero' : 'default';
    const scope = {
      tenantId: optionalId(form, 'tenantId'),
      restaurantId: optionalId(form, 'restaurantId'),
      folder:
        typeof folder === 'string' && folder !== '' ? folder : preset === 'hero' ? 'hero-images' : 'images',
    };
    const image = await uploadImageUseCase(imageDeps(deps, request), actor, {
      data: Buffer.from(await file.arrayBuffer()),
      scope: {
        folder: scope.folder,
        ...(scope.tenantId === undefined ? {} : { tenantId: scope.tenantId }),
        ...(scope.restaurantId === undefined ? {} : { restaurantId: scope.restaurantId }),
      },
      preset,
    });
    return { success: true as const, data: image };
  }),
  implement(deleteImage, async ({ actor, deps, request, body }) => ({
    success: true as const,
    data: await deleteImageUseCase(imageDeps(deps, request), actor, body.image),
  })),
];

/** Room for the form's other fields and boundaries around a file of the maximum size. */
const MULTIPART_BODY_LIMIT = MAX_IMAGE_BYTES + 1024 * 1024;

/**
 * Multipart bodies arrive as bytes (only the upload route accepts them; others answer 415 as before), and
 * the local storage's files are served at the media path with immutable caching (names are content-hashed).
 */
export function registerImageSupport(app: FastifyInstance, deps: AppDeps): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT },
    (request, body, done) => {
      if (request.routeOptions.url !== '/api/v1/images') {
        done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
        return;
      }
      done(null, body);
    },
  );
  // A declared length over the limit gets the spec's message before any byte is read (without a length,
  // Fastify's own 413 applies at the limit). Identity's onRequest hook has run, so the actor is known.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url !== '/api/v1/images' || request.method !== 'POST') return;
    // Access is decided first: anyone signed out gets 401 (or Fastify's 413), never this message.
    if (request.actor?.kind !== 'user') return;
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > MULTIPART_BODY_LIMIT) throw tooLarge();
  });

  const storage = deps.imageStorage;
  if (!(storage instanceof LocalDiskStorage)) return;
  const prefix = new URL(deps.config.media.baseUrl).pathname.replace(/\/$/, '');
  app.get(`${prefix}/*`, { logLevel: 'warn' }, async (request, reply) => {
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
