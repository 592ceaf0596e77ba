import { text } from '@brigade/domain/text';
import { websiteConfigSchema } from '@brigade/domain/website-config';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { restaurantParams } from './tenancy-params';

// Whoever may change the website may preview a draft of it (owner or admin), like updateRestaurant.
const editor = { kind: 'tenant', role: 'admin' } as const;
const base = '/tenants/{tenantId}/restaurants/{restaurantId}/website/preview';

/**
 * A preview names its draft with a sealed, short-lived id (docs/decisions/032-website-preview.md): the draft
 * travels inside it, so any instance can draw it, and it opens only for the user, tenant and restaurant it was
 * made for.
 */
export const previewIdParam = text().min(1).max(16_000);

export const createWebsitePreview = defineEndpoint({
  id: 'createWebsitePreview',
  method: 'POST',
  path: base,
  summary: 'Prepare a preview of an unsaved website configuration',
  description:
    'The draft is validated exactly like a saved one (the same messages, 400 when invalid) and stored ' +
    'nowhere: the answer is a preview id, good for a few minutes for this user only, and the path of the ' +
    'page that draws the draft with the public site’s renderer (GET …/website/preview?id={previewId}).',
  tags: ['restaurants'],
  access: editor,
  // nothing is written: the draft lives in the id
  changes: 'none',
  audit: false,
  request: { params: restaurantParams, body: z.object({ websiteConfig: websiteConfigSchema }) },
  response: {
    status: 200,
    description: 'The preview id, its page and when it expires',
    schema: successOf(z.object({ previewId: z.string(), path: z.string(), expiresAt: z.string() })),
  },
  problems: [404],
});

export const getWebsitePreview = defineEndpoint({
  id: 'getWebsitePreview',
  method: 'GET',
  // the id rides in the query: it holds the sealed draft, longer than a path parameter may be
  path: base,
  summary: 'The home page of the public site drawn from a previewed draft (HTML, for a sandboxed frame)',
  description:
    'text/html, never stored (Cache-Control: no-store), with a Content-Security-Policy that runs no script, ' +
    'sandboxes the page and lets only this origin frame it. An id made for another user, tenant or ' +
    'restaurant, altered, or older than its few minutes is 404 "Preview not found".',
  tags: ['restaurants'],
  access: editor,
  request: { params: restaurantParams, query: z.object({ id: previewIdParam }) },
  response: { status: 200, description: 'The preview page (text/html)' },
  problems: [404],
});
