import { isProblemError, ProblemError } from '@brigade/api-client/problem-error';
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';

/**
 * Puts a server problem's field errors (RFC 9457 `errors[{path, message}]`, paths like "name",
 * "body.name", "cashDrawer.name" or "jobAssignments.0.wageOverride") on the form's fields. Returns the
 * message to show above the form (a <FormError>), or null when every error found a field.
 *
 *   onError: (error) => setFormError(applyServerErrors(error, form))
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError' | 'getValues'>,
  /** Where the form's values sit in the request body ("account": the server says "account.password"). */
  under?: string,
): string | null {
  if (!(error instanceof ProblemError)) {
    return error instanceof Error && error.message
      ? error.message
      : 'Something went wrong. Please try again.';
  }
  const values = form.getValues() as Record<string, unknown>;
  let unplaced = error.errors.length === 0;
  let first = true;
  for (const fieldError of error.errors) {
    const sent = under
      ? fieldError.path.replace(new RegExp(`^(body[./])?${under}[./]`), '')
      : fieldError.path;
    const path = fieldPath(sent, values);
    const top = path.split('.')[0];
    if (path && top && top in values) {
      form.setError(path as Path<T>, { type: 'server', message: fieldError.message }, { shouldFocus: first });
      first = false;
    } else unplaced = true;
  }
  return unplaced ? error.detail : null;
}

/**
 * The form path of a problem path: without the "body." prefix, dots for slashes, and an index into a list
 * of plain values ("otherStationIds.0") cut back to the list, whose field shows the message.
 */
export function fieldPath(problemPath: string, values: Record<string, unknown>): string {
  const segments = problemPath
    .replace(/^(body|params|query)[./]/, '')
    .split(/[./]/)
    .filter(Boolean);
  let current: unknown = values;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string;
    if (Array.isArray(current) && /^\d+$/.test(segment)) {
      const entry = current[Number(segment)];
      if (entry === null || typeof entry !== 'object') return segments.slice(0, index).join('.');
    }
    current =
      current && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
  }
  return segments.join('.');
}

/**
 * For forms from useNormalisedForm (the catalogue editors): puts a problem's field errors
 * (`errors: [{path: 'sizePrice.0.name', message}]`) on the fields whose top-level name is in `knownFields`.
 * Returns the message to show above the form: the problem's detail when no field took it.
 */
export function applyProblem<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
): string | null {
  if (!isProblemError(error)) return error instanceof Error ? error.message : 'Something went wrong';
  let placed = 0;
  for (const fieldError of error.errors) {
    const root = fieldError.path.split('.')[0] ?? '';
    if (!knownFields.includes(root)) continue;
    setError(fieldError.path as Path<T>, { type: 'server', message: fieldError.message });
    placed += 1;
  }
  return placed === error.errors.length && placed > 0 ? null : error.detail;
}

/** The server's message for a failed call that has no form (its field errors when it gave some). */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (isProblemError(error)) {
    const fields = error.errors.map((e) => e.message).join('; ');
    return fields || error.detail || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
