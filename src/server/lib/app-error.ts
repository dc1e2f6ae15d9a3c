import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The error codes of ARCHITECTURE §6, each with its HTTP status. The one place that maps them. */
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
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
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
      return new AppError('conflict', 'That time is no longer available.');
    case '23505':
      return new AppError('conflict', 'This record already exists.');
    case '23503':
      return new AppError('conflict', 'A related record is missing or still in use.');
    default:
      return undefined;
  }
}
