/**
 * /gdpr (spec section 4: a non-global-admin whose confirmedGdpr is false comes here first):
 * the privacy terms and POST /api/Gdpr { confirmed: true }.
 */
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { ConsentForm } from './consent-form';

/** The GDPR confirmation screen. */
export function GdprPage() {
  const { t } = useTranslation('public');
  return (
    <ConsentForm
      title={t('gdpr.title')}
      paragraphs={[t('gdpr.p1'), t('gdpr.p2'), t('gdpr.p3')]}
      checkboxLabel={t('gdpr.checkbox')}
      confirmLabel={t('gdpr.confirm')}
      confirm={() => api('POST', 'Gdpr', { body: { confirmed: true } })}
    />
  );
}
