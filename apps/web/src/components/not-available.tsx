/** The notice of a screen of the specification that this version of the portal does not offer. */
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A translated "not available" notice; `title` is an already translated screen name. */
export function NotAvailable({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert icon={<IconInfoCircle aria-hidden />} title={title ?? t('notAvailable.title')} color="brand" variant="light">
      {t('notAvailable.text')}
    </Alert>
  );
}
