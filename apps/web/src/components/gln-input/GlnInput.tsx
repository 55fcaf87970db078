/**
 * The GLN field (spec section 5) of the location dialog and the external location dialog
 * (issue 20: one field for both): digits only, 13 of them; at 13 digits the server checks the
 * GS1 check digit and whether another location uses the number (GET GLNValidate), and the field
 * shows why a GLN is refused. Controlled (`value`, `onChange` with the digits). The caller's own
 * `error` (e.g. the server's answer on save) wins; `glnError` is the check before a save.
 * Texts: namespace `address`, the refusals the server's (`messages`).
 */
import { Loader, TextInput } from '@mantine/core';
import { GLN_LENGTH, validateGln } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/**
 * Why `value` cannot be saved as a GLN, in the language of `t`, or null: empty, or 13 digits with
 * the right GS1 check digit (`validateGln`, the server's rule; its messages).
 */
export function glnError(value: string, t: TFunction): string | null {
  const check = validateGln(value);
  if (check.ok) return null;
  return t(check.reason === 'checkDigit' ? 'messages:validation.glnCheckDigit' : 'messages:validation.glnLength', { n: GLN_LENGTH });
}

/** GET GLNValidate's answer: the GS1 check, its translated reason, and whether a location uses the GLN. */
interface GlnValidateResponse {
  ok: boolean;
  reason: string | null;
  inUse: boolean;
}

interface GlnInputProps {
  label: string;
  value: string;
  onChange: (digits: string) => void;
  error?: ReactNode;
  /** The GLN the record has now: "in use" is not said of its own number. */
  ownGln?: string | null;
  /**
   * Whether a GLN another location has is refused (default true: a location's GLN is unique);
   * false for an external location, which may name a place the portal knows.
   */
  refuseInUse?: boolean;
  disabled?: boolean;
}

/** The field; see the file comment. */
export function GlnInput({ label, value, onChange, error, ownGln, refuseInUse = true, disabled }: GlnInputProps) {
  const { t } = useTranslation('address');
  const complete = value.length === GLN_LENGTH;
  const check = useQuery({
    queryKey: ['glnValidate', value],
    queryFn: ({ signal }) => api<GlnValidateResponse>('GET', 'GLNValidate', { signal, query: { gln: value } }),
    enabled: complete,
    staleTime: 60_000,
    retry: false,
  });
  const serverSays =
    complete && check.data
      ? check.data.ok
        ? refuseInUse && check.data.inUse && value !== ownGln
          ? t('glnInUse')
          : null
        : check.data.reason
      : null;
  return (
    <TextInput
      label={label}
      value={value}
      disabled={disabled}
      inputMode="numeric"
      maxLength={GLN_LENGTH}
      placeholder={t('glnPlaceholder', { n: GLN_LENGTH })}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, GLN_LENGTH))}
      rightSection={check.isFetching ? <Loader size="xs" aria-label={t('glnChecking')} /> : null}
      error={error ?? serverSays ?? (value.length > 0 && !complete ? t('glnLength', { n: GLN_LENGTH }) : undefined)}
    />
  );
}
