/**
 * The one error type of the API. A code maps to a status and to an Italian message declared in
 * spec/platform/messages.yaml, so what a user reads is a domain fact an analyst can change.
 * The catalogue is documented in docs/errors.md; a test keeps both in step.
 */
export interface ErrorDetail { field: string; message: string }

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BODY_TOO_DEEP: 400,
  KEY_MISMATCH: 400,
  PASSWORD_REUSED: 400,
  REGISTRATION_REFUSED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 401,
  ERROR_016: 401,
  ASSERTION_REFUSED: 401,
  LINK_EXPIRED: 401,
  FORBIDDEN: 403,
  EXPORT_NOT_ALLOWED: 403,
  REAUTHENTICATION_FAILED: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  LINK_INVALID: 404,
  DUPLICATE_KEY: 409,
  REFERENCED: 409,
  INVALID_TRANSITION: 409,
  QUANTITY_UNAVAILABLE: 409,
  BULK_UNDONE: 409,
  TRANSITION_REFUSED: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  VERSION_CONFLICT: 412,
  VERSION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  UNKNOWN_CONFIG_KEY: 404,
  FILE_NOT_FOUND: 404,
  EXPORT_FAILED: 409,
  BODY_TOO_LARGE: 413,
  EXPORT_LIMIT: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;
  /** Headers of the answer, e.g. Retry-After of a 429. */
  headers?: Record<string, string>;
  /**
   * `values` fill the `{name}` placeholders of the catalogue's message (EXPORT_LIMIT says how many exports
   * are allowed), so the number a user reads is the one in force, while the wording stays in the spec.
   */
  /** The spec's own wording for this refusal (a transition's `failure`), answered instead of the catalogue's. */
  errorMessage?: string;
  constructor(readonly code: ErrorCode, readonly details: ErrorDetail[] = [], message?: string, readonly values: Record<string, string | number> = {}) {
    super(message ?? code);
    this.status = ERROR_STATUS[code];
  }
}

/** The catalogue's message with its `{name}` placeholders filled from the error's values. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface ErrorBody { errorMessage: string; code: string; details: ErrorDetail[] }
