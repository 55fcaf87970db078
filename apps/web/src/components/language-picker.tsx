/**
 * Language picker of the public area and the shell (spec section 2). The caller decides what a
 * choice does: the public area switches in place, the shell posts the language and reloads.
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, locales } from '../lib/domain-locale';

interface LanguagePickerProps {
  onChange: (locale: Locale) => void;
  disabled?: boolean;
  /** Hide the visible label (the select keeps its accessible name). */
  compact?: boolean;
}

/** A labelled select of the five interface languages, each named in its own language. */
export function LanguagePicker({ onChange, disabled, compact }: LanguagePickerProps) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      label={t('language.label')}
      labelProps={compact ? { className: 'visually-hidden' } : undefined}
      size="xs"
      w={compact ? 160 : 180}
      value={i18n.language}
      disabled={disabled}
      data={locales.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLocale(value)) onChange(value);
      }}
    />
  );
}
