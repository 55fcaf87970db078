/**
 * Accessible names for Mantine's icon-only buttons (close, clear, show password), translated,
 * as theme defaults for every screen (WCAG 4.1.2). A component that passes its own
 * `closeButtonProps` (or the like) must give the aria-label itself.
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
    return {
      components: {
        Modal: { defaultProps: close },
        Drawer: { defaultProps: close },
        Notification: { defaultProps: close },
        Alert: { defaultProps: { closeButtonLabel: t('actions.close', { lng: language }) } },
        PasswordInput: {
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('actions.toggleVisibility', { lng: language }) } },
        },
        Select: { defaultProps: clear },
        MultiSelect: { defaultProps: clear },
        Autocomplete: { defaultProps: clear },
        TagsInput: { defaultProps: clear },
      },
    };
  }, [t, language]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
