/**
 * The translated message of an error, as the error envelope writes it, for calls that answer
 * several results at once (POST OrdersSend reports each order's failure in its own entry).
 */
import { AppErrorCode, type Locale } from '@portal/domain';
import { AppError } from '../../errors.js';
import { fieldValues, localizeParams, translator } from '../../i18n.js';

/** The code and the message of `error` in `locale`; anything unknown is UNEXPECTED. */
export function errorMessage(locale: Locale, error: unknown): { type: AppErrorCode; message: string } {
  const t = translator(locale);
  if (!(error instanceof AppError)) return { type: AppErrorCode.UNEXPECTED, message: t(`errors.${AppErrorCode.UNEXPECTED}`) };
  // Status ids become their labels, plain dates the locale's form, as in the error envelope.
  const params = localizeParams(t, locale, error.params);
  const reason = typeof params.reasonKey === 'string' ? t(params.reasonKey, params) : params.reason;
  let message = t(`errors.${error.code}`, { ...params, reason });
  // A validation failure names its fields' messages, so that one line says what is wrong.
  const fields = Object.entries(error.fields).map(([path, key]) => t(key, fieldValues(params, path)));
  if (error.code === AppErrorCode.VALIDATION && fields.length) message = `${message} ${[...new Set(fields)].join('; ')}`;
  return { type: error.code, message };
}
