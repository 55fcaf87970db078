/**
 * The translated message of an error, as the error envelope writes it, for calls that answer
 * several results at once (POST OrdersSend reports each order's failure in its own entry).
 */
import { AppErrorCode } from '@portal/domain';
import type { TFunction } from 'i18next';
import { AppError } from '../../errors.js';

/** The code and the message of `error` in the translator's language; anything unknown is UNEXPECTED. */
export function errorMessage(t: TFunction, error: unknown): { type: AppErrorCode; message: string } {
  if (!(error instanceof AppError)) return { type: AppErrorCode.UNEXPECTED, message: t(`errors.${AppErrorCode.UNEXPECTED}`) };
  let params: Record<string, unknown> = error.params;
  // Status ids travel as `<name>StatusId`; messages name them by their translated label.
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('StatusId') && typeof value === 'number') params = { ...params, [key.slice(0, -8)]: t(`status.${value}`) };
  }
  const reason = typeof params.reasonKey === 'string' ? t(params.reasonKey, params) : params.reason;
  let message = t(`errors.${error.code}`, { ...params, reason });
  // A validation failure names its fields' messages, so that one line says what is wrong.
  const fields = Object.values(error.fields).map((key) => t(key, params));
  if (error.code === AppErrorCode.VALIDATION && fields.length) message = `${message} ${[...new Set(fields)].join('; ')}`;
  return { type: error.code, message };
}
