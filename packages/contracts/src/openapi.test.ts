import { resolvedMenuGroupSchema } from '@brigade/domain/catalogue/resolved-menu';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { buildOpenApiDocument } from './openapi';

// biome-ignore lint/suspicious/noExplicitAny: the test walks an untyped JSON document
const doc: any = buildOpenApiDocument(ENDPOINTS, { title: 'Brigade', version: 'test' });

const group = (depth: number, leafName: unknown = 'Leaf'): Record<string, unknown> => ({
  menuGroupId: depth + 1,
  guid: `0000000${depth}-1111-4111-8111-111111111111`,
  createdAt: new Date(),
  updatedAt: new Date(),
  name: depth === 0 ? leafName : `Level ${depth}`,
  items: [],
  modifierGroups: [],
  tags: [],
  subgroups: depth === 0 ? [] : [group(depth - 1, leafName)],
});

describe('OpenAPI document', () => {
  it('names the recursive resolved menu group once and refers to it, to any depth', () => {
    const menu =
      doc.paths['/api/v1/tenants/{tenantId}/restaurants/{restaurantId}/menus/{menuGroupId}'].get.responses[
        '200'
      ].content['application/json'].schema;
    expect(menu.properties.data).toEqual({ $ref: '#/components/schemas/ResolvedMenuGroup' });
    expect(doc.components.schemas.ResolvedMenuGroup.properties.subgroups).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ResolvedMenuGroup' },
    });
    // no reference is left pointing inside a schema of its own
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  it('checks resolved groups at every depth, not only the first few', () => {
    expect(resolvedMenuGroupSchema.safeParse(group(9)).success).toBe(true);
    expect(resolvedMenuGroupSchema.safeParse(group(9, 42)).success).toBe(false);
  });
});
