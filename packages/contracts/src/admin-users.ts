import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import { text } from '@brigade/domain/text';
import {
  addTenantAssignmentSchema,
  adminCreateUserSchema,
  adminUpdateUserSchema,
  USER_LIST_DEFAULT_LIMIT,
  USER_LIST_MAX_LIMIT,
  updateTenantAssignmentSchema,
  userSchema,
} from '@brigade/domain/user';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

const userResult = successOf(z.object({ user: userSchema }));
const uidParams = z.object({ uid: text().min(1, 'UID is required') });
const assignmentParams = uidParams.extend({
  tenantId: z.coerce.number().int().positive().max(INT32_MAX, int32MaxMessage('Tenant ID')),
});
const siteAdmin = { kind: 'site-admin' } as const;
// Users and assignments are read afresh on every request (the identity hook), in no cache the change feed
// keeps, so these writes change 'none'.

// The user list: limit default 50 (max 100), pageToken; search needs at least 2 characters, default
// limit 20, and an empty term finds nothing.
const yesNo = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true');

export const listAdminUsers = defineEndpoint({
  id: 'listAdminUsers',
  method: 'GET',
  path: '/admin-users',
  summary: 'List users, or search them by display name and email; filter by isActive, isSiteAdmin, tenantId',
  tags: ['admin-users'],
  access: siteAdmin,
  request: {
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .positive('Limit must be positive')
        .max(USER_LIST_MAX_LIMIT, 'Limit cannot exceed 100')
        .optional(),
      pageToken: text().optional(),
      search: text().optional(),
      isActive: yesNo('isActive').optional(),
      isSiteAdmin: yesNo('isSiteAdmin').optional(),
      tenantId: z.coerce
        .number({ error: 'Tenant ID must be a positive integer' })
        .int('Tenant ID must be a positive integer')
        .positive('Tenant ID must be a positive integer')
        .max(INT32_MAX, int32MaxMessage('Tenant ID'))
        .optional(),
    }),
  },
  response: {
    status: 200,
    description: `A page of users (default ${USER_LIST_DEFAULT_LIMIT})`,
    schema: successOf(z.object({ users: z.array(userSchema), nextPageToken: z.string().nullable() })),
  },
});

export const createAdminUser = defineEndpoint({
  id: 'createAdminUser',
  method: 'POST',
  path: '/admin-users',
  summary: 'Create a user with a password, optionally assigned to a tenant',
  tags: ['admin-users'],
  access: siteAdmin,
  changes: 'none',
  request: { body: adminCreateUserSchema },
  response: { status: 201, description: 'Created', schema: userResult },
  problems: [404, 409],
});

export const getAdminUser = defineEndpoint({
  id: 'getAdminUser',
  method: 'GET',
  path: '/admin-users/{uid}',
  summary: 'One user',
  tags: ['admin-users'],
  access: siteAdmin,
  request: { params: uidParams },
  response: { status: 200, description: 'The user', schema: userResult },
  problems: [404],
});

export const updateAdminUser = defineEndpoint({
  id: 'updateAdminUser',
  method: 'PATCH',
  path: '/admin-users/{uid}',
  summary: 'Promote or demote, verify, deactivate or reactivate, rename, set a password',
  tags: ['admin-users'],
  access: siteAdmin,
  changes: 'none',
  request: { params: uidParams, body: adminUpdateUserSchema },
  response: { status: 200, description: 'Updated', schema: userResult },
  problems: [404, 409],
});

export const deleteAdminUser = defineEndpoint({
  id: 'deleteAdminUser',
  method: 'DELETE',
  path: '/admin-users/{uid}',
  summary: 'Delete a user completely: profile, assignments, sessions and sign-in',
  tags: ['admin-users'],
  access: siteAdmin,
  changes: 'none',
  request: { params: uidParams },
  response: { status: 204, description: 'Deleted' },
  problems: [404, 409],
});

export const deleteAdminUserProfile = defineEndpoint({
  id: 'deleteAdminUserProfile',
  method: 'DELETE',
  path: '/admin-users/{uid}/profile',
  summary: 'Delete only the user’s profile; the account and its sign-in stay',
  description:
    'What goes: the names (the display name becomes the email), phone, photo, site ' +
    'administrator and site role, and every tenant assignment go; email, password, email verification, ' +
    'active and sessions stay. Not for yourself, nor the last active site administrator (409).',
  tags: ['admin-users'],
  access: siteAdmin,
  changes: 'none',
  request: { params: uidParams },
  response: { status: 200, description: 'The user without a profile', schema: userResult },
  problems: [404, 409],
});

export const addTenantAssignment = defineEndpoint({
  id: 'addTenantAssignment',
  method: 'POST',
  path: '/admin-users/{uid}/tenant-assignments',
  summary: 'Assign the user to a tenant with a role (active, timestamps set)',
  tags: ['admin-users'],
  access: siteAdmin,
  changes: 'none',
  request: { params: uidParams, body: addTenantAssignmentSchema },
  response: { status: 200, description: 'The user with the assignment', schema: userResult },
  problems: [404],
});

export const updateTenantAssignment = defineEndpoint({
  id: 'updateTenantAssignment',
  method: 'PATCH',
  path: '/admin-users/{uid}/tenant-assignments/{tenantId}',
  summary: "Change an assignment's role or toggle it active",
  tags: ['admin-users'],
  access: siteAdmin,
  changes: 'none',
  request: { params: assignmentParams, body: updateTenantAssignmentSchema },
  response: { status: 200, description: 'The user', schema: userResult },
  problems: [404],
});

export const removeTenantAssignment = defineEndpoint({
  id: 'removeTenantAssignment',
  method: 'DELETE',
  path: '/admin-users/{uid}/tenant-assignments/{tenantId}',
  summary: 'Remove an assignment (no-op when absent)',
  tags: ['admin-users'],
  access: siteAdmin,
  changes: 'none',
  request: { params: assignmentParams },
  response: { status: 200, description: 'The user', schema: userResult },
  problems: [404],
});
