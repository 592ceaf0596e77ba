import { optimizedImageSchema } from '@brigade/domain/images';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Images (issue 7). The upload is multipart/form-data, which the
 * contract machinery does not validate: the body arrives raw and the handler reads the form (fields `file`,
 * optional `tenantId`, `restaurantId`, `folder` (default "images"), `preset` ("hero")). Access to the path
 * scheme's scope is checked by the image service: managers and up of the tenant; site-config folders for
 * site administrators only.
 */
export const uploadImage = defineEndpoint({
  id: 'uploadImage',
  method: 'POST',
  path: '/images',
  summary:
    'Upload an image: optimised on the server (rotated, stripped, compressed, WebP, variants) and stored',
  description:
    'multipart/form-data with `file` (at most 10 MB, a real image) and optional `tenantId`, `restaurantId`, `folder`, `preset=hero`.',
  tags: ['images'],
  access: { kind: 'signed-in' },
  changes: 'images',
  audit: false,
  response: {
    status: 201,
    description: 'The stored image',
    schema: successOf(optimizedImageSchema),
  },
  problems: [404, 413],
});

export const deleteImage = defineEndpoint({
  id: 'deleteImage',
  method: 'DELETE',
  path: '/images',
  summary: 'Delete every file of an image, given as a storage URL or an OptimizedImage JSON string',
  tags: ['images'],
  access: { kind: 'signed-in' },
  changes: 'images',
  audit: false,
  request: {
    body: z.object({ image: text({ error: 'image is required' }).min(1, 'image is required') }),
  },
  response: {
    status: 200,
    description: 'What was deleted; files that could not be deleted are listed (and logged)',
    schema: successOf(z.object({ deleted: z.array(z.string()), failed: z.array(z.string()) })),
  },
  problems: [404],
});
