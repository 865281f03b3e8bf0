import { PATHS, type MessageItem, type Page } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { pageQuery } from '../http/query';
import { route } from '../http/route';

interface MessageRow {
  id: string | number;
  title: string;
  content: string;
  is_read: boolean;
  company_id: string | number | null;
  create_time: string;
}

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
    handler: async ({ session, query }): Promise<Page<MessageItem>> => {
      const isRead = query.isRead === undefined ? null : query.isRead === '1';
      const filter = `${OWN} AND ($3::boolean IS NULL OR is_read = $3)`;
      const [rows, [count]] = await Promise.all([
        database.query<MessageRow>(
          `SELECT id, title, content, is_read, company_id,
                  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS create_time
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
        records: rows.map((row) => ({
          id: String(row.id),
          title: row.title,
          content: row.content,
          isRead: row.is_read ? 1 : 0,
          receiverCompanyId: row.company_id === null ? null : Number(row.company_id),
          createTime: row.create_time,
        })),
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
}
