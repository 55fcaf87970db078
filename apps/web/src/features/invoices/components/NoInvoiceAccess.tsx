/**
 * What a user without the finance-report permission sees instead of invoices (spec section 6:
 * money only for the finance permission and provider staff): a notice, and nothing with money
 * is loaded (the server answers such calls with 403 anyway).
 */
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function NoInvoiceAccess() {
  const { t } = useTranslation('invoices');
  return (
    <Alert icon={<IconLock aria-hidden />} title={t('noAccess.title')} color="gray" variant="light" role="status">
      {t('noAccess.text')}
    </Alert>
  );
}
