import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const getApiInfo = defineEndpoint({
  id: 'getApiInfo',
  method: 'GET',
  path: '/',
  summary: 'Name and version of this API',
  tags: ['meta'],
  access: { kind: 'public' },
  response: {
    status: 200,
    description: 'The API answers',
    schema: z.object({ name: z.literal('Brigade'), version: z.string(), apiVersion: z.literal('v1') }),
  },
});
