import {
  PATHS,
  type MessageItem,
  type MessagesMarked,
  type MessagesRemoved,
  type Page,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { pageQuery } from '../http/query';
import { ApiError, route } from '../http/route';
import { MESSAGE_COLUMNS, messageItem, type MessageRow } from './read';
import { messageStreamRoutes } from './stream';

const invalid = { error: 'invalidValue' } as const;

/**
 * POST updateIsRead's query (spec 001: isRead, refUseIdList, messageCenterIds): the state to set
 * (read by default) and 1 to 100 message ids, comma-separated. `refUseIdList` is not read.
 */
const messageIds = z
  .array(z.string().check(z.regex(/^[1-9]\d{0,17}$/, invalid)))
  .check(z.minLength(1, { error: 'required' }), z.maxLength(100, invalid));

const markReadQuery = z.object({
  isRead: z._default(z.enum(['0', '1'], invalid), '1'),
  messageCenterIds: z.optional(
    z.pipe(
      z.string().check(z.maxLength(2_000, invalid)),
      z.pipe(
        z.transform((text: string) =>
          text
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        ),
        messageIds,
      ),
    ),
  ),
  /** 1: every message of the user, instead of the ones named ("Mark all as read"). */
  all: z.optional(z.enum(['1'], invalid)),
});

/** POST remove's body (spec 001: "POST remove | body"): the ids of the messages to remove. */
const removeBody = z.object({ messageCenterIds: messageIds });

/** The message centre of the signed-in user: only the user's own messages, in any console. */
export async function messageRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;
  // Messages belong to a user; the console only decides where opening one leads.
  const OWN = 'user_id = $1 AND tenant_id = $2';

  route(app, context, {
    method: 'GET',
    path: PATHS.unreadMessages,
    example: { query: { isRead: '0', current: '1', size: '10' } },
    summary: 'A page of the user’s messages, newest first; isRead=0 gives the unread ones',
    tag: 'sicpay-message',
    permission: 'signedIn',
    realName: true,
    query: z.object({ isRead: z.optional(z.enum(['0', '1'])), ...pageQuery }),
    handler: async ({ session, query, locale }): Promise<Page<MessageItem>> => {
      const isRead = query.isRead === undefined ? null : query.isRead === '1';
      const filter = `${OWN} AND ($3::boolean IS NULL OR is_read = $3)`;
      const [rows, [count]] = await Promise.all([
        database.query<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS(locale)}
           FROM messages WHERE ${filter}
           ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
          [session.userId, session.tenantId, isRead, query.size, (query.current - 1) * query.size],
        ),
        database.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM messages WHERE ${filter}`,
          [session.userId, session.tenantId, isRead],
        ),
      ]);
      return {
        records: rows.map(messageItem),
        total: count!.total,
        current: query.current,
        size: query.size,
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.unreadCount,
    summary: 'How many of the user’s messages are unread',
    tag: 'sicpay-message',
    permission: 'signedIn',
    realName: true,
    handler: async ({ session }): Promise<number> => {
      const [row] = await database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM messages WHERE ${OWN} AND NOT is_read`,
        [session.userId, session.tenantId],
      );
      return row!.total;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.markMessagesRead,
    example: { query: { isRead: '1', messageCenterIds: '1,2' } },
    summary:
      'Mark the user’s messages read (isRead=1, the default) or unread (0); gives how many changed',
    tag: 'sicpay-message',
    permission: 'signedIn',
    realName: true,
    query: markReadQuery,
    handler: async ({ session, query }): Promise<MessagesMarked> => {
      // Only the user's own messages in the session's tenant: any other id changes nothing and is
      // not counted, whether or not it exists. A message already in that state is not counted.
      const isRead = query.isRead === '1';
      if (!query.all && !query.messageCenterIds) throw new ApiError('messagesToMarkRequired');
      const changed = await database.query<{ id: string }>(
        `UPDATE messages SET is_read = $3
         WHERE ${OWN} AND ($4::bigint[] IS NULL OR id = ANY($4::bigint[])) AND is_read <> $3
         RETURNING id`,
        [session.userId, session.tenantId, isRead, query.all ? null : query.messageCenterIds],
      );
      return { updated: changed.length };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.removeMessages,
    example: { body: { messageCenterIds: ['1', '2'] } },
    summary: 'Remove some of the user’s messages; gives how many were removed',
    tag: 'sicpay-message',
    permission: 'signedIn',
    realName: true,
    body: removeBody,
    handler: async ({ session, body }): Promise<MessagesRemoved> => {
      // As updateIsRead: another's id removes nothing and is not counted, never refused.
      const removed = await database.query<{ id: string }>(
        `DELETE FROM messages WHERE ${OWN} AND id = ANY($3::bigint[]) RETURNING id`,
        [session.userId, session.tenantId, body.messageCenterIds],
      );
      return { removed: removed.length };
    },
  });

  await messageStreamRoutes(app, context);
}
