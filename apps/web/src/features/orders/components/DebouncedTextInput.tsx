/**
 * A text input that reports its value only after the user stops typing for `wait` ms (the
 * grid's search and column filters: spec section 9, "status search wait 250 ms"). It keeps
 * its own text while typing, and follows `value` when it changes from outside (e.g. "Clear filters").
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export interface DebouncedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  /** Called with the text once typing has paused for `wait` ms. */
  onSettled: (value: string) => void;
  wait: number;
}

/** A TextInput with a debounced change callback. */
export function DebouncedTextInput({ value, onSettled, wait, ...inputProps }: DebouncedTextInputProps) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const report = useDebouncedCallback((next: string) => {
    reported.current = next;
    onSettled(next);
  }, wait);

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      report.cancel();
      setText(value);
    }
  }, [value, report]);

  return (
    <TextInput
      {...inputProps}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
    />
  );
}
