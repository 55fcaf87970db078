/**
 * The Messages section (spec section 2, "Shell": Messages: Articles, Guides, Messages, System):
 * its pages' links above each page. Open to every signed-in user; must-read messages do not
 * block here (spec section 4), so a blocked user can read them.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SectionNav, type SectionNavItem } from '../../../components/section-nav/SectionNav';
import { messageSections } from '../lib/sections';

/** The section's links and the page. */
export function MessagesLayout() {
  const { t } = useTranslation('news');
  const items: SectionNavItem[] = messageSections.map((section) => ({ path: section.path, label: t(`nav.${section.type}`) }));
  return (
    <>
      <SectionNav label={t('shell:menu.section', { name: t('section') })} items={items} />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
