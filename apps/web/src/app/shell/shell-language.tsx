/**
 * Language picker of the shell (spec section 4: "Language change posts, stores the locale and
 * reloads"; section 8: a failure shows the reason).
 */
import { notifications } from '@mantine/notifications';
import type { Locale } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/language-picker';
import { LOCALE_STORAGE_KEY } from '../../i18n';
import { api } from '../../lib/api';

/** POST Language, then keep the locale and reload; on failure a toast with the reason. */
export function ShellLanguagePicker() {
  const { t } = useTranslation('shell');
  const change = useMutation({
    mutationFn: (language: Locale) => api<unknown>('POST', 'Language', { body: { language } }),
    onSuccess: (_answer, language) => {
      localStorage.setItem(LOCALE_STORAGE_KEY, language);
      window.location.reload();
    },
    onError: (error) => notifications.show({ color: 'red', title: t('language.failed'), message: error.message }),
  });
  return <LanguagePicker compact disabled={change.isPending} onChange={(locale) => change.mutate(locale)} />;
}
