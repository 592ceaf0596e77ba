import { ProblemError } from '@brigade/api-client/problem-error';

/** A problem as one line: its field messages (e.g. the domain rules), else its detail. */
export const errorText = (error: unknown): string => {
  if (error instanceof ProblemError) {
    const messages = error.errors.map((e) => e.message);
    return messages.length > 0 ? messages.join(' ') : error.detail;
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
};
