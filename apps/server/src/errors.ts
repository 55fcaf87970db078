/**
 * Typed application errors. Use cases throw `AppError`; the error-envelope plugin maps the
 * code to the HTTP status and the translated message (style.md, "Errors are typed codes").
 */
import { AppErrorCode } from '@portal/domain';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    /** Interpolation values of the translated message ({{reason}}, {{product}}...). */
    readonly params: Record<string, unknown> = {},
    /** Field-level message keys for VALIDATION ("lines.0.quantityOrdered" -> "validation.x"). */
    readonly fields: Record<string, string> = {},
    /** Overrides the code's HTTP status (e.g. 403 for a status change the caller's role may not make). */
    readonly httpStatus?: number,
  ) {
    super(code);
  }
}

export const notFound = () => new AppError(AppErrorCode.NOT_FOUND);
export const forbidden = () => new AppError(AppErrorCode.FORBIDDEN);
export const unauthorized = () => new AppError(AppErrorCode.UNAUTHORIZED);
