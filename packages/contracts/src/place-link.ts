import { placeIdSchema } from '@brigade/domain/places';
import { placeImportDiffSchema, placeImportInputSchema } from '@brigade/domain/places-import';
import { restaurantSchema } from '@brigade/domain/restaurant';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { restaurantParams } from './tenancy-params';

/**
 * A restaurant's link to its Google place (issue 18): the caller names
 * the place by id and the server reads its details from Google (through the shared places cache). Each call
 * reaches Google, so none runs in one request-long transaction (`outside`). Owners and admins of the tenant
 * manage it, like the restaurant's other settings.
 */

const restaurantResult = successOf(z.object({ restaurant: restaurantSchema }));
// Owner or admin can manage a tenant, its restaurants included.
const manager = { kind: 'tenant', role: 'admin' } as const;
const base = '/tenants/{tenantId}/restaurants/{restaurantId}/platform-sync/google-places';
const googleProblems = [404, 409, 429, 502, 503, 504];

export const connectGooglePlace = defineEndpoint({
  id: 'connectGooglePlace',
  method: 'POST',
  path: `${base}/connect`,
  summary: 'Link the restaurant to a Google place by its id (enabled and syncEnabled true, autoSync false)',
  description:
    "The place's name and address come from Google's details of the place; an unknown placeId is a 404.",
  tags: ['restaurants', 'places'],
  access: manager,
  changes: 'restaurant',
  outside: true,
  request: { params: restaurantParams, body: z.object({ placeId: placeIdSchema }) },
  response: { status: 200, description: 'The restaurant with the link', schema: restaurantResult },
  problems: googleProblems,
});

export const syncGooglePlace = defineEndpoint({
  id: 'syncGooglePlace',
  method: 'POST',
  path: `${base}/sync`,
  summary: "Refresh the linked place's name and address from Google, and lastSyncAt; keep connectedAt",
  tags: ['restaurants', 'places'],
  access: manager,
  changes: 'restaurant',
  outside: true,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The restaurant with the refreshed link', schema: restaurantResult },
  problems: googleProblems,
});

export const previewGooglePlaceImport = defineEndpoint({
  id: 'previewGooglePlaceImport',
  method: 'GET',
  path: `${base}/import`,
  summary: 'What importing from the linked place would change: per field, the current and the place value',
  description: 'Fields: hours, phone, website, address, coordinates, photos (up to 10). Nothing is written.',
  tags: ['restaurants', 'places'],
  access: manager,
  outside: true,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The per-field diff', schema: successOf(placeImportDiffSchema) },
  problems: googleProblems,
});

export const importGooglePlace = defineEndpoint({
  id: 'importGooglePlace',
  method: 'POST',
  path: `${base}/import`,
  summary: 'Import the chosen fields from the linked place: exactly those, all or nothing',
  description:
    'Photos (the first 10, or those named) go through the image pipeline and are kept with their authorAttributions on the link; if the import fails, nothing is changed and stored photos are removed.',
  tags: ['restaurants', 'places'],
  access: manager,
  changes: 'restaurant',
  outside: true,
  request: { params: restaurantParams, body: placeImportInputSchema },
  response: { status: 200, description: 'The restaurant after the import', schema: restaurantResult },
  problems: [...googleProblems, 422],
});

export const disconnectGooglePlace = defineEndpoint({
  id: 'disconnectGooglePlace',
  method: 'POST',
  path: `${base}/disconnect`,
  summary: 'Unlink the restaurant from its Google place',
  description:
    "The link's place, times and imported photos are removed and the link is turned off; what an import copied into the restaurant (hours, phone, address) stays. No place linked: 409.",
  tags: ['restaurants', 'places'],
  access: manager,
  changes: 'restaurant',
  outside: true,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The restaurant without the link', schema: restaurantResult },
  problems: [404, 409],
});
