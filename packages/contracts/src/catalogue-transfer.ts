import { CATALOGUE_WRITE } from '@brigade/domain/catalogue/access';
import {
  catalogueDocumentSchema,
  catalogueImportSchema,
  copyMenuSchema,
  importPreviewSchema,
  importResultSchema,
  MAX_IMPORT_CHARACTERS,
  SHARED_KINDS,
} from '@brigade/domain/catalogue/catalogue-io';
import { z } from 'zod';
import { restaurantParams } from './catalogue';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * A restaurant's catalogue out and in (issue 45 items 12 and 13; docs/behaviour/catalogue.md#import-and-export,
 * decision 065): export as JSON or CSV, import from Brigade's JSON or Square's or Toast's CSV (a dry run
 * first), and copy a menu from another restaurant of the tenant. Managers and above, like every catalogue
 * write; the export too, since it hands over the whole catalogue at once.
 */
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const tags = ['catalogue-transfer'];

export const exportCatalogue = defineEndpoint({
  id: 'exportCatalogue',
  method: 'GET',
  path: `${base}/catalogue-export`,
  summary: "The restaurant's whole catalogue as Brigade's versioned JSON file (ids kept)",
  description:
    'Tags, courses, tax rates, sales categories, modifier groups, items and menu groups, each record as the ' +
    'catalogue endpoints show it. `POST …/catalogue-import` with `source: "brigade"` reads it back.',
  tags,
  access: CATALOGUE_WRITE,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The catalogue file', schema: successOf(catalogueDocumentSchema) },
  problems: [404],
});

export const exportCatalogueCsv = defineEndpoint({
  id: 'exportCatalogueCsv',
  method: 'GET',
  path: `${base}/catalogue-export/csv`,
  summary: 'The items as CSV: one row per item with its menu groups, prices, sizes, tags and channels',
  description:
    'text/csv with a Content-Disposition attachment header; the columns are documented in ' +
    'docs/behaviour/catalogue.md#csv-columns. For spreadsheets: the JSON export is the one an import reads.',
  tags,
  access: CATALOGUE_WRITE,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The CSV file (text/csv)' },
  problems: [404],
});

export const previewCatalogueImport = defineEndpoint({
  id: 'previewCatalogueImport',
  method: 'POST',
  path: `${base}/catalogue-import/preview`,
  summary: 'Dry run of an import: what the file would create, and every row-level error; writes nothing',
  description:
    `\`content\` is the file's text (at most ${MAX_IMPORT_CHARACTERS.toLocaleString('en-US')} characters), ` +
    '`source` brigade (the JSON export), square (item library CSV) or toast (menu export CSV). A file that ' +
    'cannot be read is 400 on `content`; row errors are listed in the answer.',
  tags,
  access: CATALOGUE_WRITE,
  changes: 'none',
  request: { params: restaurantParams, body: catalogueImportSchema },
  response: {
    status: 200,
    description: 'The preview',
    schema: successOf(
      importPreviewSchema.extend({
        reused: z.object(Object.fromEntries(SHARED_KINDS.map((kind) => [kind, z.number().int()]))),
      }),
    ),
  },
  problems: [404],
});

export const importCatalogue = defineEndpoint({
  id: 'importCatalogue',
  method: 'POST',
  path: `${base}/catalogue-import`,
  summary: 'Imports a catalogue file into the restaurant, all or nothing',
  description:
    'The body of the preview. Any row-level error is 400 with every error (`{row}.{column}` or the JSON path) ' +
    'and nothing is written; otherwise every record is created in one transaction with new ids.',
  tags,
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: restaurantParams, body: catalogueImportSchema },
  response: { status: 201, description: 'What was created', schema: successOf(importResultSchema) },
  problems: [404, 409],
});

export const copyMenu = defineEndpoint({
  id: 'copyMenu',
  method: 'POST',
  path: `${base}/menu-copies`,
  summary: "Copies a menu of another of the tenant's restaurants into this one, all or nothing",
  description:
    'The menu group `menuGroupId` of restaurant `fromRestaurantId` with its subgroups, items, modifier groups, ' +
    'tags, courses, tax rates and sales categories, under new ids. Tags, courses, tax rates and sales ' +
    "categories this restaurant already has (same name) are reused. Another tenant's restaurant is 404.",
  tags,
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: restaurantParams, body: copyMenuSchema },
  response: { status: 201, description: 'What was created', schema: successOf(importResultSchema) },
  problems: [404],
});
