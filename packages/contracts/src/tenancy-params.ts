import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import { z } from 'zod';

// Path ids arrive as text, and are always there when the route matches: text that is not a number gets the
// same message as a negative or fractional one ("is required" would tell the caller it sent nothing).
export const tenantIdParam = z.coerce
  .number({ error: 'Tenant ID must be a positive integer' })
  .int('Tenant ID must be a positive integer')
  .positive('Tenant ID must be a positive integer')
  .max(INT32_MAX, int32MaxMessage('Tenant ID'));

export const restaurantIdParam = z.coerce
  .number({ error: 'Restaurant ID must be a positive integer' })
  .int('Restaurant ID must be a positive integer')
  .positive('Restaurant ID must be a positive integer')
  .max(INT32_MAX, int32MaxMessage('Restaurant ID'));

export const tenantParams = z.object({ tenantId: tenantIdParam });
export const restaurantParams = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });
export const guidParams = z.object({ guid: z.uuid({ error: 'Invalid GUID format' }) });
