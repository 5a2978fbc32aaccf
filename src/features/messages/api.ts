import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { MessageCalls } from '../../../contract/messages.ts';
import { calls } from '../../lib/api/index.ts';

// The message centre's calls, typed from the contract (contract/messages.ts).
export type MessagePage = ReplyOf<MessageCalls['/message/page']>;
export type Message = MessagePage['list'][number];
type PageBody = BodyOf<MessageCalls['/message/page']>;

export const messagesApi = {
  page: (body: PageBody) => calls.post('/message/page', body),
  // The header's count is a background refresh: a failure keeps the last count instead of toasting.
  unreadCount: () => calls.get('/message/unreadCount', undefined, { silent: true }),
  read: (ids: string[]) => calls.post('/message/read', { ids }),
  readAll: () => calls.post('/message/readAll'),
};
