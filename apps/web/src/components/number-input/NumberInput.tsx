/**
 * The portal's number input (spec section 5, "Number input"): whole carriers only.
 * - keys: digits, arrows, Tab, Backspace, Delete, and minus only when `min` is below 0;
 *   other printable characters are refused (shortcuts with Ctrl/Cmd/Alt and Enter/Escape pass);
 * - typed values are capped at `max - offset` while typing and, when the field is committed
 *   (blur or Enter), raised to `min` and snapped down to the step grid; `onWrongStep` fires
 *   when the typed value was off the grid. The snapped value is valid, so the field is not
 *   marked invalid: a polite note below it says what the typed value became and why, until the
 *   value changes again;
 * - ArrowUp / ArrowDown change the value by one step;
 * - a warning icon when the value is above 0 and at or above `warn`, or at or below `warnBelow`;
 * - `wait` debounces `onChange` while typing (default 0: every keystroke).
 */
import { TextInput, type TextInputProps, Tooltip } from '@mantine/core';
import { normaliseNumberInput, numberInputWarns, stepNumberInput } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What `onWrongStep` reports: the value typed, the value it was snapped to, and the step. */
export interface WrongStepEvent {
  typed: number;
  value: number | null;
  step: number;
}

export interface NumberInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'step'> {
  value: number | null;
  /** Called with the new value, or null when the field is empty. */
  onChange: (value: number | null) => void;
  /** Default 0. */
  min?: number;
  /** Default unbounded. */
  max?: number;
  /** Default 1. */
  step?: number;
  /** Typed values are capped at `max - offset`. Default 0. */
  offset?: number;
  /** Warn when the value is at or above this. */
  warn?: number;
  /** Warn when the value (above 0) is at or below this. */
  warnBelow?: number;
  /** Accessible text of the warning icon; defaults to a general "check the quantity". */
  warningLabel?: string;
  /** Fires when a typed value was not on the step grid (after it was snapped). */
  onWrongStep?: (event: WrongStepEvent) => void;
  /** Debounce of `onChange` while typing, in ms. Default 0. */
  wait?: number;
  /** The note shown after a typed value was snapped to the step grid; a general one by default. */
  snapNote?: (event: WrongStepEvent) => ReactNode;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

/** A whole-number input following spec section 5; see the file comment for the rules. */
export function NumberInput({
  value,
  onChange,
  min = 0,
  max,
  step = 1,
  offset = 0,
  warn,
  warnBelow,
  warningLabel,
  onWrongStep,
  wait = 0,
  snapNote,
  onBlur,
  description,
  onKeyDown,
  rightSection,
  ...inputProps
}: NumberInputProps) {
  const { t } = useTranslation('orders');
  const options = { min, max, step, offset };
  const upper = (max ?? Number.POSITIVE_INFINITY) - offset;
  const [text, setText] = useState(asText(value));
  // The last snap to the step grid, shown as a note until the value changes again.
  const [snapped, setSnapped] = useState<WrongStepEvent | null>(null);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Follow the value from outside unless the user is typing in the field.
  useEffect(() => {
    if (!focused.current) setText(asText(value));
    setSnapped((current) => (current && current.value !== value ? null : current));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (next: number | null, immediate = false) => {
    clearTimeout(timer.current);
    if (wait > 0 && !immediate) timer.current = setTimeout(() => onChange(next), wait);
    else onChange(next);
  };

  const commit = () => {
    if (text === '' || text === '-') {
      if (text === '-') setText('');
      emit(null, true);
      return;
    }
    const typed = Number.parseInt(text, 10);
    const result = normaliseNumberInput(text, options);
    setText(asText(result.value));
    emit(result.value, true);
    if (result.offStep) {
      const event = { typed, value: result.value, step: Math.max(1, Math.trunc(step)) };
      setSnapped(event);
      onWrongStep?.(event);
    }
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    // Pasted text is cleaned the same way as typed text: digits, and a leading minus if allowed.
    let raw = event.currentTarget.value.replace(/[^\d-]/g, '');
    raw = min < 0 ? raw.replace(/(?!^)-/g, '') : raw.replace(/-/g, '');
    setSnapped(null);
    if (raw === '' || raw === '-') {
      setText(raw);
      emit(null);
      return;
    }
    let parsed = Number.parseInt(raw, 10);
    if (parsed > upper) parsed = upper;
    setText(String(parsed));
    emit(parsed);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const current = text === '' || text === '-' ? null : Number.parseInt(text, 10);
      const stepped = stepNumberInput(current, event.key === 'ArrowUp' ? 1 : -1, options);
      const next = normaliseNumberInput(stepped, options).value;
      setSnapped(null);
      setText(asText(next));
      emit(next, true);
      return;
    }
    if (event.key === 'Enter') {
      commit();
      return;
    }
    const allowed = /^\d$/.test(event.key) || (event.key === '-' && min < 0);
    if (event.key.length === 1 && !allowed) event.preventDefault();
  };

  const shown = text === '' || text === '-' ? null : Number.parseInt(text, 10);
  const warns = numberInputWarns(shown, warn, warnBelow);
  const warningText = warningLabel ?? t('inputs.numberWarning');
  const note = snapped
    ? (snapNote?.(snapped) ?? t('inputs.snapped', { typed: snapped.typed, value: snapped.value ?? 0, step: snapped.step }))
    : null;

  return (
    <TextInput
      {...inputProps}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      role="spinbutton"
      aria-valuenow={shown ?? undefined}
      aria-valuemin={min}
      aria-valuemax={Number.isFinite(upper) ? upper : undefined}
      value={text}
      description={
        // The status region stays in place while the field has a description, so the note is announced when it appears.
        note || description ? (
          <>
            {description}
            <span role="status" style={{ display: 'block', color: 'var(--portal-text-warning)' }}>
              {note}
            </span>
          </>
        ) : undefined
      }
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      onFocus={(event) => {
        focused.current = true;
        inputProps.onFocus?.(event);
      }}
      onBlur={(event) => {
        focused.current = false;
        commit();
        onBlur?.(event);
      }}
      rightSection={
        warns ? (
          <Tooltip label={warningText} withArrow>
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-9)" role="img" aria-label={warningText} />
          </Tooltip>
        ) : (
          rightSection
        )
      }
    />
  );
}
