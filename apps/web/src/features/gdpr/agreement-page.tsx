/**
 * /agreement (spec section 2: after login, when the customer requires agreements and has not
 * accepted the standard agreement): the agreement's terms and POST /api/Agreement { accepted: true }.
 */
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { ConsentForm } from './consent-form';

/** The standard agreement screen. */
export function AgreementPage() {
  const { t } = useTranslation('public');
  return (
    <ConsentForm
      title={t('agreement.title')}
      paragraphs={[t('agreement.p1'), t('agreement.p2'), t('agreement.p3')]}
      checkboxLabel={t('agreement.checkbox')}
      confirmLabel={t('agreement.confirm')}
      confirm={() => api('POST', 'Agreement', { body: { accepted: true } })}
    />
  );
}
