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

  it('declares who may call what: public operations need no security, the rest a session token', () => {
    expect(doc.security).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      in: 'cookie',
      name: 'brigade_session',
    });
    expect(doc.paths['/api/v1/auth/signin'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/tenants/{tenantId}'].get.security).toBeUndefined();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('documents a client error on every operation, and no field that takes any value while refusing all', () => {
    for (const operations of Object.values(doc.paths) as Record<string, { responses: object }>[])
      for (const operation of Object.values(operations))
        expect(Object.keys(operation.responses).some((status) => status.startsWith('4'))).toBe(true);
    const create = doc.paths['/api/v1/tenants/{tenantId}/restaurants/{restaurantId}/items'].post;
    expect(create.requestBody.content['application/json'].schema.properties.orderingRules).toBe(false);
  });
});
