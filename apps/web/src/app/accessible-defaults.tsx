/**
 * Accessible names for Mantine's icon-only buttons (close, clear, show password), translated,
 * as theme defaults for every screen (WCAG 4.1.2). A component that passes its own
 * `closeButtonProps` (or the like) must give the aria-label itself. The option lists of selects
 * scroll in the listbox itself, not in a ScrollArea inside it: keyboard users move through the
 * options from the input (aria-activedescendant), which axe accepts only for the listbox
 * (scrollable-region-focusable, WCAG 2.1.1). A select sets a taller list with
 * `styles={{ options: { maxHeight } }}` (`maxDropdownHeight` needs the ScrollArea).
 */
import { type MantineThemeOverride, MantineThemeProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Wraps the routes with the translated defaults. */
export function AccessibleDefaults({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useMemo<MantineThemeOverride>(() => {
    const close = { closeButtonProps: { 'aria-label': t('actions.close', { lng: language }) } };
    const clear = { clearButtonProps: { 'aria-label': t('actions.clear', { lng: language }) } };
    const list = {
      defaultProps: { ...clear, withScrollArea: false },
      styles: { options: { maxHeight: 'calc(13.75rem * var(--mantine-scale))', overflowY: 'auto' as const } },
    };
    return {
      components: {
        Modal: { defaultProps: close },
        Drawer: { defaultProps: close },
        Notification: { defaultProps: close },
        Alert: { defaultProps: { closeButtonLabel: t('actions.close', { lng: language }) } },
        PasswordInput: {
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('actions.toggleVisibility', { lng: language }) } },
        },
        Select: list,
        MultiSelect: list,
        Autocomplete: list,
        TagsInput: { defaultProps: clear },
      },
    };
  }, [t, language]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
