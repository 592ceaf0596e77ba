import { fieldErrorsOf, validationErrorOf } from '@brigade/domain/errors';
import type { z } from 'zod';

/** Parses use-case input with a domain schema; failures become one validation error with every field's message. */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationErrorOf(fieldErrorsOf(result.error.issues));
}
