/**
 * The root of every route: the skip link to the main content (WCAG 2.4.1), the page title,
 * and a spinner while a screen or its texts load.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AccessibleDefaults } from './accessible-defaults';
import { DocumentTitle } from './document-title';

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main-content">
      {t('skipToContent')}
    </a>
  );
}

/** Layout of the root route. */
export function RootLayout() {
  return (
    <Suspense fallback={<PageLoader minHeight="100vh" />}>
      <SkipLink />
      <DocumentTitle />
      <AccessibleDefaults>
        <Suspense fallback={<PageLoader minHeight="60vh" />}>
          <Outlet />
        </Suspense>
      </AccessibleDefaults>
    </Suspense>
  );
}
