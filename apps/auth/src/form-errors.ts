import { ProblemError } from '@brigade/api-client/problem-error';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (problem details `errors[]`, path like "email" or "body.email") on the
 * form's fields; returns the message for the form-level alert, or null when every error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ProblemError)) {
    return error instanceof Error && error.message
      ? error.message
      : 'Something went wrong. Please try again.';
  }
  let unplaced = error.errors.length === 0;
  for (const fieldError of error.errors) {
    const name = fieldError.path.split(/[./]/).filter(Boolean).pop() as Path<T> | undefined;
    if (name && fields.includes(name)) setError(name, { type: 'server', message: fieldError.message });
    else unplaced = true;
  }
  return unplaced ? error.detail : null;
}
