import {
  PATHS,
  documentCreateSchema,
  documentIdSchema,
  type ContractDocument,
  type DocumentLink,
  type Locale,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { describeDocument, documentPdfLink, findReadyDocument } from './console-documents';
import { conversionHandler, CONVERSION_JOB } from './conversion-job';
import { createDocument } from './create';
import { sendDocumentPdf } from './pdf-response';

/**
 * Contract documents: made from an uploaded file, followed while a DOC or DOCX converts, and their
 * PDF served to the console that owns them. Registers the conversion job's handler.
 */
export async function documentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, storage } = context;
  context.jobs.handle(CONVERSION_JOB, conversionHandler(context));

  const describe = async (
    session: AccessClaims,
    id: string,
    locale: Locale,
  ): Promise<ContractDocument> => {
    const document = await describeDocument(database, session, id, locale);
    if (!document) throw new ApiError('notFound', 404);
    return document;
  };

  route(app, context, {
    method: 'POST',
    path: PATHS.documentCreate,
    summary:
      'Makes a contract document from an uploaded file (`fileId`): a PDF is checked and ready at once, a DOC or DOCX is converted to PDF',
    tag: 'sicpay-contract',
    auth: 'user',
    body: documentCreateSchema,
    handler: async ({ session, body, locale }) =>
      describe(session, await createDocument(context, session, body.fileId), locale),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.documentStatus,
    summary:
      "A document's status, page count and SHA-256; while converting, its place in the queue and the seconds elapsed",
    tag: 'sicpay-contract',
    auth: 'user',
    query: documentIdSchema,
    handler: async ({ session, query, locale }) => describe(session, query.id, locale),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.documentPdf,
    summary: "A ready document's PDF (application/pdf)",
    tag: 'sicpay-contract',
    auth: 'user',
    query: documentIdSchema,
    handler: async ({ session, query, reply }) =>
      sendDocumentPdf(reply, storage, await findReadyDocument(database, session, query.id)),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.documentLink,
    summary: "The link of a ready document's PDF, fetched with the session",
    tag: 'sicpay-contract',
    auth: 'user',
    query: documentIdSchema,
    handler: async ({ session, query }): Promise<DocumentLink> => {
      const document = await findReadyDocument(database, session, query.id);
      return { link: documentPdfLink(document.id) };
    },
  });
}
