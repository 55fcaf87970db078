/**
 * A from / to pair of date pickers (spec section 5: "Date ranges: from cannot exceed to"):
 * the from picker cannot go past the chosen to day and the to picker cannot go before the
 * chosen from day; with `maxDays` the two ends stay at most that many days apart. Values are
 * yyyy-MM-dd strings or null.
 */
import { Group } from '@mantine/core';
import { addPlainDays } from '@portal/domain';
import { OpenDayDatePicker, type OpenDayDatePickerProps } from './OpenDayDatePicker';

/** A date range, yyyy-MM-dd at both ends; either end may be open (null). */
export interface DateRange {
  from: string | null;
  to: string | null;
}

export interface DateRangePickersProps {
  value: DateRange;
  onChange: (value: DateRange) => void;
  fromLabel: string;
  toLabel: string;
  /** Bounds for both pickers (yyyy-MM-dd). */
  min?: string | null;
  max?: string | null;
  /** The longest range in days (`to - from`), as the call behind the pickers allows (e.g. BALANCE_HISTORY_MAX_DAYS). */
  maxDays?: number;
  /** Passed to both pickers (e.g. `allDaysOpen`, `locationId`, `w`). */
  pickerProps?: Partial<Omit<OpenDayDatePickerProps, 'value' | 'onChange' | 'min' | 'max' | 'label'>>;
}

/** Two pickers whose bounds follow each other, so `from <= to` always holds. */
export function DateRangePickers({ value, onChange, fromLabel, toLabel, min, max, maxDays, pickerProps }: DateRangePickersProps) {
  const shift = (day: string | null, days: number) => (day ? addPlainDays(day, days) : null);
  const later = (a: string | null | undefined, b: string | null) => (!a ? b : !b || a > b ? a : b);
  const earlier = (a: string | null | undefined, b: string | null) => (!a ? b : !b || a < b ? a : b);
  const fromMin = maxDays === undefined ? min : later(min, shift(value.to, -maxDays));
  const toMax = maxDays === undefined ? max : earlier(max, shift(value.from, maxDays));
  return (
    // The pair stays side by side where it fits and stacks on a narrow screen.
    <Group gap="xs" align="flex-start" wrap="wrap">
      <OpenDayDatePicker
        {...pickerProps}
        label={fromLabel}
        value={value.from}
        min={fromMin}
        max={value.to ?? max}
        onChange={(from) =>
          onChange({
            from,
            to: value.to && from && from > value.to ? from : value.to,
          })
        }
      />
      <OpenDayDatePicker
        {...pickerProps}
        label={toLabel}
        value={value.to}
        min={value.from ?? min}
        max={toMax}
        onChange={(to) =>
          onChange({
            from: value.from && to && to < value.from ? to : value.from,
            to,
          })
        }
      />
    </Group>
  );
}
