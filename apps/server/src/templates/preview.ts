import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PATHS,
  PREVIEW_TICKET_TTL_S,
  TEMPLATE_PDF_LINK_TTL_S,
  apiPath,
  templatePdfQuery,
  templatePreviewQuery,
  type TemplatePreview,
  type TemplatePreviewTicket,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { readyDocumentOf } from '../documents/console-documents';
import { sendDocumentPdf } from '../documents/pdf-response';
import { ApiError, route } from '../http/route';
import { keyedHash } from '../keyed-hash';
import { answeredProject, type TemplateRow } from './queries';

/** A link to a document's PDF that works without a session until it expires. */
export interface PdfLink {
  pdfLink: string;
  /** ISO 8601 */
  pdfLinkExpiresAt: string;
}

const pdfSignature = (key: Uint8Array, tenantId: string, documentId: string, expires: number) =>
  keyedHash(key, 'template-pdf-link', tenantId, documentId, String(expires));

/**
 * A short-lived link to a template's document (GET template/nologin/pdf): signed with the
 * server's key, so that the editor and the public preview can hand it to pdf.js, which sends no
 * session.
 */
export function signedPdfLink(
  key: Uint8Array,
  template: Pick<TemplateRow, 'tenant_id' | 'document_id'>,
): PdfLink {
  const expires = Math.floor(Date.now() / 1000) + TEMPLATE_PDF_LINK_TTL_S;
  const query = new URLSearchParams({
    tenant: template.tenant_id,
    document: template.document_id,
    expires: String(expires),
    signature: pdfSignature(key, template.tenant_id, template.document_id, expires),
  });
  return {
    pdfLink: `${apiPath('templatePdf')}?${query.toString()}`,
    pdfLinkExpiresAt: new Date(expires * 1000).toISOString(),
  };
}

const ticketHash = (key: Uint8Array, ticket: string) => keyedHash(key, 'template-preview', ticket);

/** A ticket that opens one public preview of a template within `PREVIEW_TICKET_TTL_S`. */
export async function issuePreviewTicket(
  database: Database,
  key: Uint8Array,
  templateId: number,
  userId: number,
): Promise<TemplatePreviewTicket> {
  const ticket = randomBytes(24).toString('base64url');
  const [row] = await database.query<{ expires_at: Date | string }>(
    `INSERT INTO template_preview_tickets (ticket_hash, template_id, user_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [ticketHash(key, ticket), templateId, userId, PREVIEW_TICKET_TTL_S],
  );
  const query = new URLSearchParams({ id: ticket, templateId: String(templateId) });
  return {
    ticket,
    templateId: String(templateId),
    expiresAt: new Date(row!.expires_at).toISOString(),
    previewPath: `/ztj/template/Preview?${query.toString()}`,
  };
}

/**
 * Spends a ticket: gives its template's id, or refuses — a ticket already used, one past its
 * expiry, and one never issued (forged, mistyped) each with their own message. The update is one
 * statement, so two requests racing with one ticket open one preview.
 */
async function spendPreviewTicket(
  database: Database,
  key: Uint8Array,
  ticket: string,
): Promise<number> {
  const hash = ticketHash(key, ticket);
  const [spent] = await database.query<{ template_id: string | number }>(
    `UPDATE template_preview_tickets SET used_at = now()
     WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING template_id`,
    [hash],
  );
  if (spent) return Number(spent.template_id);
  const [known] = await database.query<{ used: boolean }>(
    'SELECT used_at IS NOT NULL AS used FROM template_preview_tickets WHERE ticket_hash = $1',
    [hash],
  );
  if (!known) throw new ApiError('previewTicketInvalid', 400);
  throw new ApiError(known.used ? 'previewTicketUsed' : 'previewTicketExpired', 400);
}

/** The public calls of a template preview: no session, a ticket or a signed link instead. */
export function previewRoutes(
  app: FastifyInstance,
  context: AppContext,
  loadTemplate: (id: number) => Promise<TemplateRow>,
): void {
  const { database, storage, key } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.templatePreview,
    example: { query: { ticket: 'Q2xY8d3kPz0vR7mN1tB5wE9aH4sJ6uFc' } },
    summary:
      'Opens a template preview from a ticket of getPreviewTicket (no session; each ticket once, within 10 minutes): the project and a short-lived link to its PDF',
    tag: 'sicpay-contract',
    permission: 'public',
    query: templatePreviewQuery,
    handler: async ({ query }): Promise<TemplatePreview> => {
      const template = await loadTemplate(await spendPreviewTicket(database, key, query.ticket));
      return {
        templateId: String(template.id),
        name: template.name,
        participants: template.project.participants,
        project: answeredProject(template),
        ...signedPdfLink(key, template),
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.templatePdf,
    example: {
      query: {
        tenant: '000000',
        document: '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
        expires: '1795512612',
        signature: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      },
    },
    summary:
      'A template’s contract PDF from the signed link that detail and preview answer (no session; the link works for 5 minutes)',
    tag: 'sicpay-contract',
    permission: 'public',
    query: templatePdfQuery,
    handler: async ({ query, reply }) => {
      const expected = Buffer.from(pdfSignature(key, query.tenant, query.document, query.expires));
      const given = Buffer.from(query.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiError('previewTicketInvalid', 400);
      }
      if (query.expires * 1000 < Date.now()) throw new ApiError('previewTicketExpired', 400);
      const document = await readyDocumentOf(database, query.tenant, query.document);
      if (!document) throw new ApiError('notFound', 404);
      return sendDocumentPdf(reply, storage, document);
    },
  });
}
