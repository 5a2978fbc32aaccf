import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { UNREAD_POLL_MS } from '../../../contract/messages-rules.ts';
import { refreshUnread, unreadStore } from './unread-store.ts';
import './unread.css';

/**
 * The header's link to the message centre with the unread count (spec §2 message). The count is asked for on
 * every navigation and every UNREAD_POLL_MS while the tab is visible — modest, since the page itself
 * refreshes it. Only one copy asks: the phone drawer's copy (`poll` false) shows the same store's count.
 */
export function UnreadLink({ poll = true, testId = 'header-messages' }: { poll?: boolean; testId?: string }) {
  const { t } = useTranslation('messages');
  const { lang } = useParams();
  const { pathname } = useLocation();
  const unread = useStore(unreadStore, (s) => s.unread);

  useEffect(() => {
    if (poll) void refreshUnread();
  }, [pathname, poll]);
  useEffect(() => {
    if (!poll) return undefined;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refreshUnread();
    }, UNREAD_POLL_MS);
    return () => window.clearInterval(timer);
  }, [poll]);

  // The accessible name is the link's own text: "Messages", the badge (shown, not read out) and the count in words.
  return (
    <NavLink to={`/${lang}/message`} className="td-unread-link" data-testid={testId}>
      {t('header.link')}
      {unread ? (
        <>
          <span className="td-unread-badge" data-testid="header-unread" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
          <span className="td-visually-hidden">{t('header.unreadCount', { count: unread })}</span>
        </>
      ) : null}
    </NavLink>
  );
}
