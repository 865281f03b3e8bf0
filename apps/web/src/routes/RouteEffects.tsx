import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration } from 'react-router-dom';
import { useUnreadCount } from '../api/messageStream';
import { useRouteTitle } from './useRouteTitle';

/**
 * What every navigation does besides rendering: the document title becomes the route's title plus
 * the product's (in the current language), led by the count of unread messages, and the page
 * scrolls to the top (back and forward restore the earlier position instead).
 */
export function RouteEffects() {
  const title = useRouteTitle();
  const unread = useUnreadCount();
  const { t } = useTranslation();
  useEffect(() => {
    const page = title ? t('app.documentTitle', { page: t(`routes.${title}`) }) : t('app.title');
    // Messages arrive by themselves (api/messageStream.ts): the tab says how many are unread.
    document.title = unread > 0 ? t('app.unreadTitle', { count: unread, title: page }) : page;
  }, [title, t, unread]);
  return <ScrollRestoration />;
}
