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
import { conversionHandler, CONVERSION_ATTEMPTS, CONVERSION_JOB } from './conversion-job';
import { createDocument } from './create';
import { sendDocumentPdf } from './pdf-response';

const EXAMPLE_DOCUMENT_ID = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';
const EXAMPLE_DOCUMENT: ContractDocument = {
  id: EXAMPLE_DOCUMENT_ID,
  name: 'Service agreement 2026.docx',
  status: 'ready',
  pageCount: 3,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  size: 184_320,
  error: null,
  link: `/api/sicpay-contract/document/pdf?id=${EXAMPLE_DOCUMENT_ID}`,
  conversion: null,
  removedContent: ['javascript', 'embeddedFiles'],
};

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
      'Makes a contract document from an uploaded file (`fileId`): a PDF is checked, rewritten without active or hidden content (scripts, embedded files, links to files, XFA, bytes outside the PDF) and ready at once, a DOC or DOCX is converted to PDF and rewritten the same way; `removedContent` says what was taken out',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    body: documentCreateSchema,
    example: {
      body: { fileId: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f' },
      answer: {
        ...EXAMPLE_DOCUMENT,
        status: 'converting',
        pageCount: null,
        sha256: null,
        size: null,
        link: null,
        conversion: {
          state: 'queued',
          queuePosition: 1,
          elapsedSeconds: 0,
          attempt: 1,
          maxAttempts: CONVERSION_ATTEMPTS,
        },
        removedContent: [],
      },
    },
    handler: async ({ session, body, locale }) =>
      describe(session, await createDocument(context, session, body.fileId), locale),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.documentStatus,
    summary:
      "A document's status, page count and SHA-256; while converting, its place in the queue and the seconds elapsed",
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: documentIdSchema,
    example: { query: { id: EXAMPLE_DOCUMENT_ID }, answer: EXAMPLE_DOCUMENT },
    handler: async ({ session, query, locale }) => describe(session, query.id, locale),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.documentPdf,
    summary: "A ready document's PDF (application/pdf)",
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: documentIdSchema,
    example: { query: { id: EXAMPLE_DOCUMENT_ID } },
    handler: async ({ session, query, reply }) =>
      sendDocumentPdf(reply, storage, await findReadyDocument(database, session, query.id)),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.documentLink,
    summary: "The link of a ready document's PDF, fetched with the session",
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: documentIdSchema,
    example: {
      query: { id: EXAMPLE_DOCUMENT_ID },
      answer: { link: EXAMPLE_DOCUMENT.link! } satisfies DocumentLink,
    },
    handler: async ({ session, query }): Promise<DocumentLink> => {
      const document = await findReadyDocument(database, session, query.id);
      return { link: documentPdfLink(document.id) };
    },
  });
}
