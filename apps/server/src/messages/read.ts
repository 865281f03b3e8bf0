/** Reading messages as the client is given them: the page call's and the stream's. */
import type { Locale, MessageItem } from '@esign/platform';

/** A message as the page and the stream read it (see `MESSAGE_COLUMNS`). */
export interface MessageRow {
  id: string | number;
  title: string;
  content: string;
  is_read: boolean;
  company_id: string | number | null;
  redirect_type: number | null;
  business_id: string | null;
  create_time: string;
}

/**
 * A message's title and content in the request's language (migration 26): English in `title` and
 * `content`, Chinese in `title_zh` and `content_zh`; a message without Chinese text (written
 * before, both languages run together) shows `title` and `content` in either.
 */
const TEXT: Record<Locale, string> = {
  en: 'title, content',
  zh: 'COALESCE(title_zh, title) AS title, COALESCE(content_zh, content) AS content',
};

/** The columns of a `MessageRow` in a language, for a SELECT from `messages`. */
export const MESSAGE_COLUMNS = (locale: Locale): string =>
  `id, ${TEXT[locale]}, is_read, company_id, redirect_type, business_id,
   to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS create_time`;

/** A message as the client is given it. */
export function messageItem(row: MessageRow): MessageItem {
  return {
    id: String(row.id),
    title: row.title,
    content: row.content,
    isRead: row.is_read ? 1 : 0,
    receiverCompanyId: row.company_id === null ? null : Number(row.company_id),
    redirectType: row.redirect_type === null ? null : Number(row.redirect_type),
    businessId: row.business_id,
    createTime: row.create_time,
  };
}
