import { CATALOGUE_READ, CATALOGUE_WRITE, catalogueReadAccess } from '@brigade/domain/catalogue/access';
import {
  CATALOGUE_KINDS,
  type CatalogueKindDefinition,
  JOB_TITLE_KIND,
  MAX_BATCH_ROWS,
  MENU_GROUP_KIND,
} from '@brigade/domain/catalogue/kinds';
import { DEFAULT_LIST_LIMIT, INVALID_CURSOR, MAX_LIST_LIMIT } from '@brigade/domain/catalogue/paging';
import { positiveId } from '@brigade/domain/integers';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * The catalogue API (docs/behaviour/README.md#requests-and-responses): for every kind, list, get, create, update (merge patch),
 * delete and batch create under /tenants/{tenantId}/restaurants/{restaurantId}/{kind}. Generated from the
 * kind definitions in packages/domain/src/catalogue/kinds.ts, so every kind gets the same endpoints.
 *
 * Access (decision 008): every employee of the tenant reads the catalogue; managers and above write it.
 * Employee records hold wages and POS access codes, so reading them also takes a manager.
 */

export const restaurantParams = z.object({
  tenantId: positiveId('Tenant ID'),
  restaurantId: positiveId('Restaurant ID'),
});

const base = (kind: CatalogueKindDefinition) => `/tenants/{tenantId}/restaurants/{restaurantId}/${kind.path}`;
const page = <T extends z.ZodType>(data: T) =>
  successOf(z.array(data), {
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as ?cursor= for the next page; null on the last page' }),
  });

/** Keyset paging of every list (decision 012): ?limit= records per page, ?cursor= from the previous page. */
const pageQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a positive integer' })
    .int('Limit must be a positive integer')
    .positive('Limit must be a positive integer')
    .max(MAX_LIST_LIMIT, `Limit cannot exceed ${MAX_LIST_LIMIT}`)
    .default(DEFAULT_LIST_LIMIT)
    .meta({ description: `Records per page, 1–${MAX_LIST_LIMIT} (default ${DEFAULT_LIST_LIMIT})` }),
  cursor: text({ error: INVALID_CURSOR })
    .min(1, INVALID_CURSOR)
    .max(1000, INVALID_CURSOR)
    .optional()
    .meta({ description: "The previous page's nextCursor (opaque)" }),
});

/** Query of the menu-group list: the parent groups (?parent=none) or one group's children. */
const menuGroupListQuery = pageQuery.extend({
  parent: z
    .union([z.literal('none'), positiveId('Parent ID')], {
      error: "parent must be 'none' or a menu group ID",
    })
    .optional(),
});

/** What a kind's endpoints share: the id parameter of one record, the tag, and the kind's name in text. */
function kindParts(kind: CatalogueKindDefinition) {
  return {
    idParams: restaurantParams.extend({ [kind.idParam]: positiveId(`${kind.label} ID`) }),
    tags: [kind.path],
    label: kind.label.toLowerCase(),
  };
}

/** The endpoints of a kind, in this order: list, get, create, batch, update, delete. */
export function catalogueEndpoints(kind: CatalogueKindDefinition) {
  return {
    ...catalogueReadEndpoints(kind),
    ...catalogueWriteEndpoints(kind),
  } satisfies Record<string, Endpoint>;
}

/** List (keyset paged, decision 012) and get one. */
function catalogueReadEndpoints(kind: CatalogueKindDefinition) {
  const { idParams, tags, label } = kindParts(kind);
  const readAccess = catalogueReadAccess(kind);
  return {
    list: defineEndpoint({
      id: `list${kind.plural}`,
      method: 'GET',
      path: base(kind),
      summary: `List the restaurant's ${label}s`,
      tags,
      access: readAccess,
      description:
        `Keyset paging (decision 012): at most ?limit= ${label}s per page (default and cap ${MAX_LIST_LIMIT}); ` +
        'follow nextCursor as ?cursor= until it is null for the whole list.',
      request: {
        params: restaurantParams,
        query: kind === MENU_GROUP_KIND ? menuGroupListQuery : pageQuery,
      },
      response: {
        status: 200,
        description: `A page of ${label}s, in list order`,
        schema: page(kind.response),
      },
      problems: [404],
    }),
    get: defineEndpoint({
      id: `get${kind.singular}`,
      method: 'GET',
      path: `${base(kind)}/{${kind.idParam}}`,
      summary: `One ${label}`,
      tags,
      access: readAccess,
      request: { params: idParams },
      response: { status: 200, description: `The ${label}`, schema: successOf(kind.response) },
      problems: [404],
    }),
  };
}

/** Create one, create many at once, update (merge patch) and delete. */
function catalogueWriteEndpoints(kind: CatalogueKindDefinition) {
  const { idParams, tags, label } = kindParts(kind);
  return {
    create: defineEndpoint({
      id: `create${kind.singular}`,
      method: 'POST',
      path: base(kind),
      summary: `Create a ${label} (a supplied id and guid are kept, otherwise issued)`,
      tags,
      access: CATALOGUE_WRITE,
      changes: 'catalogue',
      request: { params: restaurantParams, body: kind.create },
      response: { status: 201, description: 'Created', schema: successOf(kind.response) },
      problems: [404, 409],
    }),
    batch: defineEndpoint({
      id: `batchCreate${kind.plural}`,
      method: 'POST',
      path: `${base(kind)}/batch`,
      summary: `Create many ${label}s at once: every row is validated first, and all or none are stored`,
      description: `At most ${MAX_BATCH_ROWS} rows. Field errors name the row: \`3.name\`.`,
      tags,
      access: CATALOGUE_WRITE,
      changes: 'catalogue',
      request: {
        params: restaurantParams,
        body: z.array(kind.create).max(MAX_BATCH_ROWS, `A batch holds at most ${MAX_BATCH_ROWS} rows`),
      },
      response: {
        status: 201,
        description: 'Created, in the order sent',
        schema: successOf(z.array(kind.response)),
      },
      problems: [404, 409],
    }),
    update: defineEndpoint({
      id: `update${kind.singular}`,
      method: 'PATCH',
      path: `${base(kind)}/{${kind.idParam}}`,
      summary: `Update a ${label}: sent fields replace the stored ones, null clears an optional field`,
      tags,
      access: CATALOGUE_WRITE,
      changes: 'catalogue',
      request: { params: idParams, body: kind.patch },
      response: { status: 200, description: 'Updated', schema: successOf(kind.response) },
      problems: [404, 409],
    }),
    delete: defineEndpoint({
      id: `delete${kind.singular}`,
      method: 'DELETE',
      path: `${base(kind)}/{${kind.idParam}}`,
      summary: `Delete a ${label}`,
      tags,
      access: CATALOGUE_WRITE,
      changes: 'catalogue',
      request: { params: idParams },
      response: { status: 204, description: 'Deleted' },
      problems: [404, 409],
    }),
  };
}

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>;

/** The endpoints of every kind, by kind. */
export const CATALOGUE_ENDPOINTS_BY_KIND: ReadonlyMap<CatalogueKindDefinition, CatalogueEndpoints> = new Map(
  CATALOGUE_KINDS.map((kind) => [kind, catalogueEndpoints(kind)]),
);

// --- Job titles: activate / deactivate ----------------------------------------------------------------

const jobTitleParams = restaurantParams.extend({ jobId: positiveId('Job title ID') });

export const activateJobTitle = defineEndpoint({
  id: 'activateJobTitle',
  method: 'POST',
  path: `${base(JOB_TITLE_KIND)}/{jobId}/activate`,
  summary: 'Activate a job title: it can be assigned to employees again',
  tags: [JOB_TITLE_KIND.path],
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: jobTitleParams },
  response: { status: 200, description: 'The job title', schema: successOf(JOB_TITLE_KIND.response) },
  problems: [404],
});

export const deactivateJobTitle = defineEndpoint({
  id: 'deactivateJobTitle',
  method: 'POST',
  path: `${base(JOB_TITLE_KIND)}/{jobId}/deactivate`,
  summary: 'Deactivate a job title: it can no longer be assigned (existing assignments stay)',
  tags: [JOB_TITLE_KIND.path],
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: jobTitleParams },
  response: { status: 200, description: 'The job title', schema: successOf(JOB_TITLE_KIND.response) },
  problems: [404],
});

// --- Summary: how much the restaurant has set up (the management dashboard) ---------------------------

const count = z.number().int().nonnegative();

export const catalogueSummarySchema = z.object({
  menus: count.meta({ description: 'Parent menu groups (no parentId)' }),
  items: count,
  modifierGroups: count,
  menuGroups: count,
  courses: count,
  tags: count,
  prepStations: count,
  salesCategories: count,
  taxRates: count,
  printers: count,
  cashDrawers: count,
  jobTitles: count,
  employees: count
    .optional()
    .meta({ description: 'Only for callers who may read employee records (managers and above)' }),
  setup: z
    .object({
      websitePublished: z.boolean(),
      customDomainVerified: z.boolean().meta({ description: 'An active, verified custom domain' }),
      paymentsConnected: z.boolean().meta({ description: 'A merchant account is set up' }),
      teamMembers: count.meta({ description: "People with an active assignment to the restaurant's tenant" }),
    })
    .meta({ description: "The dashboard's set-up checklist" }),
  today: z
    .object({
      date: z.string().meta({ description: "The restaurant's date (its time zone), YYYY-MM-DD" }),
      orders: count.meta({ description: 'Online orders of the day taken by the restaurant, not cancelled' }),
      sales: count.meta({ description: 'Their totals, in minor units of the currency' }),
    })
    .optional()
    .meta({ description: 'Only for callers who may read the sales summary (managers and above)' }),
});

export const getCatalogueSummary = defineEndpoint({
  id: 'getCatalogueSummary',
  method: 'GET',
  path: '/tenants/{tenantId}/restaurants/{restaurantId}/catalogue-summary',
  summary: 'How many records of each catalogue kind the restaurant has, and how many menus',
  description:
    'Counted in one statement. `employees` is present only when the caller may list employees ' +
    '(the access of listEmployees).',
  tags: ['catalogue-summary'],
  access: CATALOGUE_READ,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The counts', schema: successOf(catalogueSummarySchema) },
  problems: [404],
});

/** Every catalogue endpoint, for ENDPOINTS. */
export const CATALOGUE_ENDPOINTS: readonly Endpoint[] = [
  ...[...CATALOGUE_ENDPOINTS_BY_KIND.values()].flatMap((endpoints) => Object.values(endpoints) as Endpoint[]),
  activateJobTitle,
  deactivateJobTitle,
  getCatalogueSummary,
];
