import {
  CATALOGUE_KINDS,
  type CatalogueKindDefinition,
  EMPLOYEE_KIND,
  JOB_TITLE_KIND,
  MAX_BATCH_ROWS,
  MENU_GROUP_KIND,
} from '@brigade/domain/catalogue/kinds';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';

/**
 * The catalogue API (spec 02; ARCHITECTURE §4): for every kind, list, get, create, update (merge patch),
 * delete and batch create under /tenants/{tenantId}/restaurants/{restaurantId}/{kind}. Generated from the
 * kind definitions in packages/domain/src/catalogue/kinds.ts, so every kind gets the same endpoints.
 *
 * Access (decision 008): every employee of the tenant reads the catalogue; managers and above write it.
 * Employee records hold wages and POS access codes, so reading them also takes a manager.
 */

const READ = { kind: 'tenant', role: 'employee' } as const;
const WRITE = { kind: 'tenant', role: 'manager' } as const;

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a positive integer` })
    .int(`${label} must be a positive integer`)
    .positive(`${label} must be a positive integer`);

export const restaurantParams = z.object({
  tenantId: positiveId('Tenant ID'),
  restaurantId: positiveId('Restaurant ID'),
});

const base = (kind: CatalogueKindDefinition) => `/tenants/{tenantId}/restaurants/{restaurantId}/${kind.path}`;
const one = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const many = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data: z.array(data) });

/** Query of the menu-group list: spec 02 §3 parent groups (?parent=none) or one group's children. */
const menuGroupListQuery = z.object({
  parent: z
    .union([z.literal('none'), positiveId('Parent ID')], {
      error: "parent must be 'none' or a menu group ID",
    })
    .optional(),
});

export function catalogueEndpoints(kind: CatalogueKindDefinition) {
  const idParams = restaurantParams.extend({ [kind.idParam]: positiveId(`${kind.label} ID`) });
  const readAccess = kind === EMPLOYEE_KIND ? WRITE : READ;
  const tags = [kind.path];
  const label = kind.label.toLowerCase();
  return {
    list: defineEndpoint({
      id: `list${kind.plural}`,
      method: 'GET',
      path: base(kind),
      summary: `List the restaurant's ${label}s`,
      tags,
      access: readAccess,
      request: {
        params: restaurantParams,
        ...(kind === MENU_GROUP_KIND ? { query: menuGroupListQuery } : {}),
      },
      response: { status: 200, description: `Every ${label}`, schema: many(kind.response) },
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
      response: { status: 200, description: `The ${label}`, schema: one(kind.response) },
      problems: [404],
    }),
    create: defineEndpoint({
      id: `create${kind.singular}`,
      method: 'POST',
      path: base(kind),
      summary: `Create a ${label} (spec 02 §7: a supplied id and guid are kept, otherwise issued)`,
      tags,
      access: WRITE,
      request: { params: restaurantParams, body: kind.create },
      response: { status: 201, description: 'Created', schema: one(kind.response) },
      problems: [404, 409],
    }),
    batch: defineEndpoint({
      id: `batchCreate${kind.plural}`,
      method: 'POST',
      path: `${base(kind)}/batch`,
      summary: `Create many ${label}s at once: every row is validated first, and all or none are stored`,
      description: `At most ${MAX_BATCH_ROWS} rows. Field errors name the row: \`3.name\`.`,
      tags,
      access: WRITE,
      request: {
        params: restaurantParams,
        body: z.array(kind.create).max(MAX_BATCH_ROWS, `A batch holds at most ${MAX_BATCH_ROWS} rows`),
      },
      response: { status: 201, description: 'Created, in the order sent', schema: many(kind.response) },
      problems: [404, 409],
    }),
    update: defineEndpoint({
      id: `update${kind.singular}`,
      method: 'PATCH',
      path: `${base(kind)}/{${kind.idParam}}`,
      summary: `Update a ${label}: sent fields replace the stored ones, null clears an optional field`,
      tags,
      access: WRITE,
      request: { params: idParams, body: kind.patch },
      response: { status: 200, description: 'Updated', schema: one(kind.response) },
      problems: [404, 409],
    }),
    delete: defineEndpoint({
      id: `delete${kind.singular}`,
      method: 'DELETE',
      path: `${base(kind)}/{${kind.idParam}}`,
      summary: `Delete a ${label}`,
      tags,
      access: WRITE,
      request: { params: idParams },
      response: { status: 204, description: 'Deleted' },
      problems: [404, 409],
    }),
  } satisfies Record<string, Endpoint>;
}

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>;

/** The endpoints of every kind, by kind. */
export const CATALOGUE_ENDPOINTS_BY_KIND: ReadonlyMap<CatalogueKindDefinition, CatalogueEndpoints> = new Map(
  CATALOGUE_KINDS.map((kind) => [kind, catalogueEndpoints(kind)]),
);

// --- Job titles: activate / deactivate (spec 02 §2) ------------------------------------------------------

const jobTitleParams = restaurantParams.extend({ jobId: positiveId('Job title ID') });

export const activateJobTitle = defineEndpoint({
  id: 'activateJobTitle',
  method: 'POST',
  path: `${base(JOB_TITLE_KIND)}/{jobId}/activate`,
  summary: 'Activate a job title: it can be assigned to employees again',
  tags: [JOB_TITLE_KIND.path],
  access: WRITE,
  request: { params: jobTitleParams },
  response: { status: 200, description: 'The job title', schema: one(JOB_TITLE_KIND.response) },
  problems: [404],
});

export const deactivateJobTitle = defineEndpoint({
  id: 'deactivateJobTitle',
  method: 'POST',
  path: `${base(JOB_TITLE_KIND)}/{jobId}/deactivate`,
  summary: 'Deactivate a job title: it can no longer be assigned (existing assignments stay)',
  tags: [JOB_TITLE_KIND.path],
  access: WRITE,
  request: { params: jobTitleParams },
  response: { status: 200, description: 'The job title', schema: one(JOB_TITLE_KIND.response) },
  problems: [404],
});

/** Every catalogue endpoint, for ENDPOINTS. */
export const CATALOGUE_ENDPOINTS: readonly Endpoint[] = [
  ...[...CATALOGUE_ENDPOINTS_BY_KIND.values()].flatMap((endpoints) => Object.values(endpoints) as Endpoint[]),
  activateJobTitle,
  deactivateJobTitle,
];
