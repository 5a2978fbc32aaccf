import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { MessageCalls } from '../../../contract/messages.ts';
import { apiGet, apiPost } from '../../lib/api/index.ts';

// The message centre's calls, typed from the contract (contract/messages.ts).
export type MessagePage = ReplyOf<MessageCalls['/message/page']>;
export type Message = MessagePage['list'][number];
type PageBody = BodyOf<MessageCalls['/message/page']>;
type ReadReply = ReplyOf<MessageCalls['/message/read']>;

export const messagesApi = {
  page: (body: PageBody) => apiPost<MessagePage>('/message/page', body),
  // The header's count is a background refresh: a failure keeps the last count instead of toasting.
  unreadCount: () => apiGet<ReplyOf<MessageCalls['/message/unreadCount']>>('/message/unreadCount', { silent: true }),
  read: (ids: string[]) => apiPost<ReadReply>('/message/read', { ids }),
  readAll: () => apiPost<ReadReply>('/message/readAll'),
};
