import type { Queryable } from '../db';

/** A transaction or the database: whatever runs the INSERT. */
type Sql = Pick<Queryable, 'query'>;

/** A text in both languages the message centre shows (migration 26). */
export interface Bilingual {
  en: string;
  zh: string;
}

/** One message-centre record, for one user in one console. */
export interface NewMessage {
  tenantId: string;
  userId: number | string;
  /** The company console the message belongs to; null for the personal console. */
  companyId: number | string | null;
  title: Bilingual;
  content: Bilingual;
  /** Where opening it leads (`MESSAGE_REDIRECT`); nowhere in particular when omitted. */
  redirectType?: number | null;
  /** The id the redirect needs (a contract's, a template's). */
  businessId?: string | null;
}

/**
 * Writes one message-centre record: `title` and `content` in English, `title_zh` and `content_zh`
 * in Chinese; the page call gives the reader's language (messages/routes.ts). The statements that
 * write many messages at once (contracts/create.ts, expiry.ts) fill the same four columns.
 */
export async function insertMessage(sql: Sql, message: NewMessage): Promise<void> {
  await sql.query(
    `INSERT INTO messages (tenant_id, user_id, company_id, title, content, title_zh, content_zh,
       redirect_type, business_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      message.tenantId,
      message.userId,
      message.companyId,
      message.title.en,
      message.content.en,
      message.title.zh,
      message.content.zh,
      message.redirectType ?? null,
      message.businessId ?? null,
    ],
  );
}
