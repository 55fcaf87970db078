/**
 * Page title = route title + ' | ' + product title (spec section 2). A route names its title
 * with `handle: { title: '<namespace>:<key>' }` (namespace `common` when left out); the deepest
 * route with a title wins. The namespace is loaded first, so feature texts work too.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** The `handle` of a route that has a page title. */
export interface TitleHandle {
  title?: string;
}

/** Keeps `document.title` in step with the route and the language. Renders nothing. */
export function DocumentTitle() {
  const matches = useMatches();
  const { i18n } = useTranslation();
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as TitleHandle | undefined)?.title)
    .find(Boolean);
  const language = i18n.language;

  useEffect(() => {
    let current = true;
    const namespace = (key?.includes(':') && key.split(':')[0]) || 'common';
    void i18n.loadNamespaces(['common', namespace]).then(() => {
      if (!current) return;
      const product = i18n.t('common:productTitle', { lng: language });
      document.title = key ? `${i18n.t(key, { lng: language })} | ${product}` : product;
    });
    return () => {
      current = false;
    };
  }, [key, language, i18n]);

  return null;
}
