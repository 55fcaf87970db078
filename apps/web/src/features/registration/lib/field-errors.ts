/**
 * Field messages of a shared schema in the page's language: a schema names a message key of
 * the `messages` catalogue ("registration.vatNO", "validation.required"), shared with the
 * server; a message that is no key (zod's own) shows as "Invalid value".
 */
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';

/** The first message per field path ("invoicePostalCode") of `schema` for `value`, translated; empty when valid. */
export function fieldErrors(schema: ZodType, value: unknown, t: TFunction): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || 'form';
    const key = /^[a-zA-Z]+\.[\w.]+$/.test(issue.message) ? issue.message : 'validation.invalid';
    errors[path] ??= t(`messages:${key}`);
  }
  return errors;
}
