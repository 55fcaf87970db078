/**
 * The Global section (spec section 2, "Shell": Global: Caching, Log, Publishing; the Admin menu,
 * global admins only, spec section 6; issue 10 adds Maintenance): its pages' links above each
 * page. Each page's folder under features/global adds its routes to the section's children in
 * router.tsx; the labels live in the `global` namespace.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SectionNav, type SectionNavItem } from '../../components/section-nav/SectionNav';

/** The section's pages: path under /app and the label's key in `global`. */
export const globalPages = [
  { path: 'global/caching', labelKey: 'nav.caching' },
  { path: 'global/log', labelKey: 'nav.log' },
  { path: 'global/publishing', labelKey: 'nav.publishing' },
  { path: 'global/maintenance', labelKey: 'nav.maintenance' },
  { path: 'global/confirmations', labelKey: 'nav.confirmations' },
] as const;

/** The section's links above the page. */
export function GlobalLayout() {
  const { t } = useTranslation('global');
  const items: SectionNavItem[] = globalPages.map((page) => ({ path: page.path, label: t(page.labelKey) }));
  return (
    <>
      <SectionNav label={t('shell:menu.section', { name: t('section') })} items={items} />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
