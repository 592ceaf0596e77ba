/** One field-level message of an RFC 9457 problem (docs/behaviour/README.md#errors). */
export interface ProblemFieldError {
  path: string;
  message: string;
}

export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: ProblemFieldError[];
}

/**
 * A non-2xx answer (or no answer at all: status 0). `message` is the server's detail when present, so
 * screens can surface it: API errors show the server's message.
 */
export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: ProblemFieldError[];

  constructor(status: number, body: ProblemBody = {}) {
    const detail = body.detail ?? body.title ?? `Request failed with status ${status}`;
    super(detail);
    this.name = 'ProblemError';
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`);
    this.title = body.title ?? 'Request failed';
    this.detail = detail;
    this.errors = Array.isArray(body.errors) ? body.errors : [];
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const isProblemError = (error: unknown): error is ProblemError => error instanceof ProblemError;

/** The text to show for any thrown value. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
