/**
 * A form's field messages: set by the check before sending or from the server's answer
 * (`ApiError.fields`), and each one cleared as soon as its field changes, so a message such as
 * "Fill in this field" never stays under a field that has been filled in (issue 20).
 */
import { useCallback, useState } from 'react';

/** `errors` without the message of `field` (the same object when it has none). */
export function withoutError(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** The messages by field, their setter, and `clear(field)` for a field's onChange. */
export function useFieldErrors(): {
  errors: Record<string, string>;
  setErrors: (errors: Record<string, string>) => void;
  clear: (field: string) => void;
} {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clear = useCallback((field: string) => setErrors((current) => withoutError(current, field)), []);
  return { errors, setErrors, clear };
}
