/**
 * A date picker that only offers open days (spec section 5, "Date picker"): the days come from
 * GET Days for the location's country (domain.md, "Open days"); unless `allDaysOpen`, closed
 * days and days the server did not answer for cannot be chosen. Optional `min` and `max`
 * (yyyy-MM-dd), clearable, ISO week numbers, month and day names in the active language, and a
 * notice when no day in the shown months can be chosen. The value is a yyyy-MM-dd string.
 */
import { Text } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import 'dayjs/locale/fi';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToday } from '../../features/session/use-today';
import { useDays } from './get-days';

export interface OpenDayDatePickerProps
  extends Omit<
    DatePickerInputProps,
    'value' | 'defaultValue' | 'onChange' | 'type' | 'minDate' | 'maxDate' | 'excludeDate' | 'date' | 'onDateChange'
  > {
  /** The chosen day, yyyy-MM-dd, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Whose country's open days apply; the acting location when left out. */
  locationId?: number;
  /** Earliest day that may be chosen, yyyy-MM-dd. */
  min?: string | null;
  /** Latest day that may be chosen, yyyy-MM-dd. */
  max?: string | null;
  /** Every day may be chosen (no call to GET Days), e.g. for search filters. */
  allDaysOpen?: boolean;
}

/** dayjs locale of an interface locale (nb-NO -> nb). */
export function dayjsLocale(locale: string): string {
  const language = locale.slice(0, 2);
  return ['nb', 'sv', 'da', 'fi'].includes(language) ? language : 'en';
}

/** The open-day date picker; see the file comment for the rules. */
export function OpenDayDatePicker({
  value,
  onChange,
  locationId,
  min,
  max,
  allDaysOpen = false,
  clearable = true,
  description,
  ...inputProps
}: OpenDayDatePickerProps) {
  const today = useToday();
  const { t, i18n } = useTranslation('orders');
  const locale = i18n.language;
  // The month to show first: the value's, else today's, kept within min..max.
  const startMonth = () => {
    const start = value ?? today;
    if (min && start < min) return min;
    if (max && start > max) return max;
    return start;
  };
  const [shownDate, setShownDate] = useState<string>(startMonth);

  // The shown month and one on either side: enough for the days of adjacent months in the grid.
  const from = dayjs(shownDate).subtract(1, 'month').format('YYYY-MM');
  const to = dayjs(shownDate).add(1, 'month').format('YYYY-MM');
  const days = useDays(from, to, locationId, !allDaysOpen);
  const openDays = useMemo(() => new Set((days.data ?? []).filter((day) => day.isOpen).map((day) => day.date)), [days.data]);

  // "No days available" only speaks of the shown months that lie within min..max.
  const inRange = (date: string) => (!min || date >= min) && (!max || date <= max);
  const windowDays = (days.data ?? []).filter((day) => inRange(day.date));
  const noDays =
    (min && max && min > max) ||
    (!allDaysOpen && days.isSuccess && !days.isPlaceholderData && windowDays.length > 0 && !windowDays.some((day) => day.isOpen));

  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }), [locale]);

  return (
    <DatePickerInput
      // Mantine's placeholder grey is below 4.5:1 on white; the theme's gray 6 is not.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-6)' } }}
      {...inputProps}
      value={value}
      onChange={(next) => onChange(next ? dayjs(next).format('YYYY-MM-DD') : null)}
      minDate={min ?? undefined}
      maxDate={max ?? undefined}
      excludeDate={allDaysOpen ? undefined : (date) => !openDays.has(date.slice(0, 10))}
      date={shownDate}
      onDateChange={setShownDate}
      popoverProps={{
        ...inputProps.popoverProps,
        onOpen: () => {
          setShownDate(startMonth());
          inputProps.popoverProps?.onOpen?.();
        },
      }}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('inputs.clearDate') }}
      withWeekNumbers
      firstDayOfWeek={1}
      locale={dayjsLocale(locale)}
      valueFormatter={({ date }) => (typeof date === 'string' && date ? format.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)) : '')}
      leftSection={<IconCalendar size={18} aria-hidden />}
      leftSectionPointerEvents="none"
      ariaLabels={{
        nextMonth: t('inputs.nextMonth'),
        previousMonth: t('inputs.previousMonth'),
        nextYear: t('inputs.nextYear'),
        previousYear: t('inputs.previousYear'),
        nextDecade: t('inputs.nextDecade'),
        previousDecade: t('inputs.previousDecade'),
        monthLevelControl: t('inputs.chooseMonth'),
        yearLevelControl: t('inputs.chooseYear'),
      }}
      description={
        noDays ? (
          <Text component="span" size="xs" c="red.9" role="status">
            {t('inputs.noOpenDays')}
          </Text>
        ) : (
          description
        )
      }
    />
  );
}
