import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode, ErrorParams, ErrorReason } from '../../shared/api-errors.ts';

export type { ErrorCode, ErrorReason };

/**
 * The error codes of ARCHITECTURE §6 (listed in shared/api-errors.ts), each with its HTTP status.
 * The one place that maps them.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

export interface ErrorBody {
  error: { code: ErrorCode; reason?: ErrorReason; params?: ErrorParams; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  /** Why, for the web app's words (shared/api-errors.ts); the message stays English. */
  reason?: ErrorReason;
  params?: ErrorParams;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  /** Names why (`throw new AppError(…).because('slot_taken')`), with the values its text names. */
  because(reason: ErrorReason, params?: ErrorParams): this {
    this.reason = reason;
    if (params) this.params = params;
    return this;
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        ...(this.reason ? { reason: this.reason } : {}),
        ...(this.params ? { params: this.params } : {}),
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

/** Drizzle wraps driver errors: the SQLSTATE sits on `cause` (ARCHITECTURE §1). */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Database errors that are the caller's fault become 4xx; everything else stays unknown (500). */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  switch (sqlState(err)) {
    case '23P01':
      return new AppError('conflict', 'That time is no longer available.').because('slot_taken');
    case '23505':
      return new AppError('conflict', 'This record already exists.').because('record_exists');
    case '23503':
      return new AppError('conflict', 'A related record is missing or still in use.').because(
        'record_in_use',
      );
    default:
      return undefined;
  }
}
