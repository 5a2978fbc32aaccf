import Type from 'typebox';
import { userGet, userPost } from './call.ts';
import { MARK_READ_MAX, MESSAGE_KINDS } from './messages-rules.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './rules.ts';
import { Id, IntegerEnum, IsoTime, Page, Strict, StringEnum } from './schema.ts';

/**
 * The message centre (spec §2 route `message`). The spec names the route, not its calls (§7 has no
 * message or notice call): paths and shapes are the sandbox's design, served by server/messages. The sandbox
 * writes a message as an event happens (server/platform/notify.ts); these calls only read them and mark them
 * read, and only the caller's own: another user's id is simply not found.
 */
export const Message = Type.Object({
  id: Type.String(),
  kind: StringEnum([...MESSAGE_KINDS]),
  /** Plain values the text is filled with (asset, amount, record id, device, …), never markup. */
  params: Type.Record(Type.String(), Type.String()),
  read: Type.Boolean(),
  createdAt: IsoTime,
});

const Unread = Type.Object({ unread: Type.Integer({ minimum: 0 }) });

export const messageCalls = {
  /** Newest first; spec §9 page sizes (default 10). `unreadOnly` lists the unread ones alone. */
  '/message/page': userPost(
    Strict({
      pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
      pageSize: IntegerEnum(PAGE_SIZES, { default: DEFAULT_PAGE_SIZE }),
      unreadOnly: Type.Optional(Type.Boolean()),
    }),
    Type.Object({ ...Page(Message).properties, unread: Unread.properties.unread }),
  ),
  '/message/unreadCount': userGet(undefined, Unread),
  /** Marks the caller's messages of these ids read (ids of others are ignored); returns the unread count after. */
  '/message/read': userPost(
    Strict({ ids: Type.Array(Id, { minItems: 1, maxItems: MARK_READ_MAX, uniqueItems: true }) }),
    Type.Object({ updated: Type.Integer({ minimum: 0 }), unread: Type.Integer({ minimum: 0 }) }),
  ),
  '/message/readAll': userPost(undefined, Type.Object({ updated: Type.Integer({ minimum: 0 }), unread: Type.Integer({ minimum: 0 }) })),
};
export type MessageCalls = typeof messageCalls;
