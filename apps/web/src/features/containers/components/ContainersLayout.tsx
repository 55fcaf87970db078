/**
 * The Container section (spec section 2, "Shell": Sections, Container: Containers, Rentals, and
 * whatever else the menu lists under it): its pages' links above each page, taken from the
 * menu's children of the Container item (`menuItems()` of @portal/domain), so the section and
 * the menu never disagree.
 */
import { menuItems } from '@portal/domain';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SectionNav } from '../../../components/section-nav/SectionNav';
import { menuContextOf } from '../../session/menu-context';
import { useSession } from '../../session/use-session';

/** The section's links and the page below them. */
export function ContainersLayout() {
  const { t } = useTranslation('shell');
  const { status } = useSession();
  const children = useMemo(() => menuItems(menuContextOf(status)).find((item) => item.key === 'containers')?.children ?? [], [status]);
  return (
    <>
      {children.length > 1 && (
        <SectionNav
          label={t('menu.section', { name: t('menu.container') })}
          items={children.map((child) => ({ path: child.path, label: t(child.labelKey) }))}
        />
      )}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
