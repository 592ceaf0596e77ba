import { z } from 'zod';

// RFC 9457 problem details, the one error shape of the API (docs/behaviour/README.md#errors).
export const problemSchema = z
  .object({
    type: z
      .string()
      .describe('A URI reference for the problem type; about:blank when the status says it all'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string().describe('Stable machine-readable reason, e.g. VALIDATION_FAILED or ID_COLLISION'),
    requestId: z.string().optional(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Field errors, with the messages of the validating schema verbatim'),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;
