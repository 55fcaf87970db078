/**
 * /agreement (spec section 2: after login, when the customer requires agreements and has not
 * accepted the standard agreement): the agreement's terms and POST /api/Agreement { accepted: true }.
 * The agreement binds the whole company, so only its administrator (or, without one, its first
 * user) accepts it; anyone else is told so instead of being offered the checkbox (the session
 * status says `customer.agreementAcceptor: false`; the server refuses them too).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { api, tokenStore } from '../../lib/api';
import { tokenStatusQuery } from '../public/public-api';
import { ConsentForm } from './consent-form';

/** The standard agreement screen. */
export function AgreementPage() {
  const { t } = useTranslation('public');
  const token = tokenStore.get() ?? '';
  const status = useQuery({ ...tokenStatusQuery(token), enabled: token !== '' });
  if (status.isPending && token !== '') return <PageLoader />;
  const customer = status.data?.status?.customer;
  const notice =
    customer?.agreementAcceptor === false
      ? { title: t('agreement.adminOnlyTitle'), text: t('agreement.adminOnly', { company: customer.name }) }
      : undefined;
  return (
    <ConsentForm
      title={t('agreement.title')}
      paragraphs={[t('agreement.p1'), t('agreement.p2'), ...(notice ? [] : [t('agreement.p3')])]}
      checkboxLabel={t('agreement.checkbox')}
      confirmLabel={t('agreement.confirm')}
      confirm={() => api('POST', 'Agreement', { body: { accepted: true } })}
      notice={notice}
    />
  );
}
