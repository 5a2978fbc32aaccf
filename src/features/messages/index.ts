// Entry of the messages feature: the message centre page (a lazily loaded chunk) and the header's link with the
// unread count, which the app shell shows to a signed-in user.
export const messagesPages = {
  message: () => import('./MessagePage.tsx'),
  reminder: () => import('./ReminderPage.tsx'),
};

export { UnreadLink } from './UnreadLink.tsx';
export { refreshUnread, setUnread, unreadStore } from './unread-store.ts';
