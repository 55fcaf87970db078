/**
 * The pages of a pallet-receipt variant under the page's heading: the new receipt (or count) and
 * the log (SectionNav: links, a select list on a phone).
 */
import { useTranslation } from 'react-i18next';
import { SectionNav } from '../../../components/section-nav/SectionNav';
import { useReceiptVariant } from '../lib/variant';

/** The variant's section links. */
export function ReceiptsNav() {
  const { t } = useTranslation('palletReceipts');
  const variant = useReceiptVariant();
  const kind = variant.inventory ? 'inventory' : 'handover';
  return (
    <SectionNav
      label={t(`${kind}.section`)}
      items={[
        { path: variant.base, label: t(`${kind}.new`) },
        { path: `${variant.base}/log`, label: t('log.title') },
      ]}
    />
  );
}
