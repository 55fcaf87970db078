/**
 * The Company section (spec section 2, "Shell": Sections; My company in the menu dropdown for
 * customer admins, and for global admins, who confirm counts): its pages' links above each page
 * (Company, Locations, Users, External locations, Email archive, Counting, Integrations), a badge on Counting
 * with the counts awaiting the provider's confirmation (provider staff).
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SectionNav, type SectionNavItem } from '../../components/section-nav/SectionNav';
import { usePendingCountAudits } from '../../features/counting/api/get-count-audits';
import { useSession } from '../../features/session/use-session';

/** The section's pages: path under /app and the label's key in `shell`. */
export const companyPages = [
  { path: 'company', labelKey: 'menu.companySection' },
  { path: 'company/locations', labelKey: 'menu.companyLocations' },
  { path: 'company/users', labelKey: 'menu.companyUsers' },
  { path: 'company/external', labelKey: 'menu.externalLocations' },
  { path: 'company/email-archive', labelKey: 'menu.emailArchive' },
  { path: 'company/audit', labelKey: 'menu.counting' },
  { path: 'company/integrations', labelKey: 'menu.integrations' },
] as const;

/** The section's links above the page. */
export function CompanyLayout() {
  const { t } = useTranslation('shell');
  const { status } = useSession();
  const pending = usePendingCountAudits(status.isProvider);
  const items: SectionNavItem[] = companyPages.map((page) => ({
    path: page.path,
    label: t(page.labelKey),
    ...(page.path === 'company/audit' && pending.data
      ? { badge: { count: pending.data, label: t('badges.pendingCounts', { count: pending.data }) } }
      : {}),
  }));
  return (
    <>
      <SectionNav label={t('menu.section', { name: t('menu.companySection') })} items={items} />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
