import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import { z } from 'zod';

// Path ids arrive as text; the messages are the spec's where it words them (spec 01 §5 "Tenant ID is required").
export const tenantIdParam = z.coerce
  .number({ error: 'Tenant ID is required' })
  .int('Tenant ID must be a positive integer')
  .positive('Tenant ID must be a positive integer')
  .max(INT32_MAX, int32MaxMessage('Tenant ID'));

export const restaurantIdParam = z.coerce
  .number({ error: 'Restaurant ID is required' })
  .int('Restaurant ID must be a positive integer')
  .positive('Restaurant ID must be a positive integer')
  .max(INT32_MAX, int32MaxMessage('Restaurant ID'));

export const tenantParams = z.object({ tenantId: tenantIdParam });
export const restaurantParams = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });
export const guidParams = z.object({ guid: z.uuid({ error: 'Invalid GUID format' }) });
