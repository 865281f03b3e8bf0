import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration } from 'react-router-dom';
import { useRouteTitle } from './useRouteTitle';

/**
 * What every navigation does besides rendering: the document title becomes the route's title plus
 * the product's (in the current language), and the page scrolls to the top (back and forward
 * restore the earlier position instead).
 */
export function RouteEffects() {
  const title = useRouteTitle();
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title
      ? t('app.documentTitle', { page: t(`routes.${title}`) })
      : t('app.title');
  }, [title, t]);
  return <ScrollRestoration />;
}
