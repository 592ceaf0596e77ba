import { profileEditSchema } from '@brigade/domain/listing/profile-edit';
import { z } from 'zod';
import { connectionParams } from './business-listing';
import { reviewSyncResultSchema } from './business-listing-reviews';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Profile and full syncs of a connected Google location (issue 19). Access as the other listing
 * routes (business-listing.ts): members, the use-cases check the role, anyone without one gets 404.
 */

// Paid outside calls: an active account with a tenant role (issue 42), never a new sign-up.
const member = { kind: 'member' } as const;
const tags = ['business-listing'];
const base = '/business-listing';
const problems = [404, 409, 429, 502, 503, 504];

const address = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});
const hours = z.record(z.string(), z.object({ open: z.string(), close: z.string(), closed: z.boolean() }));

export const profileSyncResultSchema = z.object({
  profile: z.object({
    title: z.string().nullable(),
    description: z.string().nullable(),
    address: address.nullable(),
    phone: z.string().nullable(),
    categories: z.array(z.string()),
    hours: hours.nullable(),
    website: z.string().nullable(),
    mapsUri: z.string().nullable(),
    placeId: z.string().nullable(),
    openStatus: z.string().nullable(),
  }),
  differences: z.array(
    z.object({
      field: z.enum(['name', 'address', 'phone', 'website', 'hours']),
      google: z.unknown(),
      restaurant: z.unknown(),
    }),
  ),
  lastSyncAt: z.union([z.date(), z.string()]),
});

export const syncBusinessListingProfile = defineEndpoint({
  id: 'syncBusinessListingProfile',
  method: 'POST',
  path: `${base}/connections/{connectionId}/sync/profile`,
  summary: "Read the chosen location's profile from Google and set it beside the restaurant's own data",
  description:
    'Title, address, phone, categories, hours, website and map link, kept on the connection; `differences` ' +
    "names each field where Google and the restaurant disagree. The restaurant's record is not changed.",
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: connectionParams },
  response: {
    status: 200,
    description: 'The profile and its differences',
    schema: successOf(profileSyncResultSchema),
  },
  problems,
});

export const syncBusinessListingFull = defineEndpoint({
  id: 'syncBusinessListingFull',
  method: 'POST',
  path: `${base}/connections/{connectionId}/sync/full`,
  summary: 'Sync the profile, then the reviews',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: connectionParams },
  response: {
    status: 200,
    description: 'Both syncs',
    schema: successOf(z.object({ profile: profileSyncResultSchema, reviews: reviewSyncResultSchema })),
  },
  problems,
});

export const editBusinessListingProfile = defineEndpoint({
  id: 'editBusinessListingProfile',
  method: 'PATCH',
  path: `${base}/connections/{connectionId}/profile`,
  summary: "Change the chosen location's profile on Google",
  description:
    "Only the fields sent change (name, description up to 750 characters, phone, website, the week's hours); " +
    "an empty description, phone or website removes it. Google is called first; on success the connection's " +
    'profile keeps the new values and `differences` is worked out again. When Google refuses or cannot be ' +
    "reached nothing is stored (409 reconnect needed, 429 Google's edit quota, 502). The restaurant's own " +
    'record is not changed.',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: connectionParams, body: profileEditSchema },
  response: {
    status: 200,
    description: 'The profile as Google now has it, and its differences',
    schema: successOf(profileSyncResultSchema),
  },
  problems: [400, ...problems],
});
