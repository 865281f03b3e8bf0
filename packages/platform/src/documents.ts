/**
 * Contract documents: the PDFs templates are drawn on, made from an uploaded file (spec 000 §5:
 * PDF, DOC or DOCX up to 100 MB). The calls' shapes and schemas, shared by the server and the web
 * app.
 */
import * as z from 'zod/mini';

/**
 * The statuses of a document:
 * - `converting`: a DOC or DOCX waits for, or is in, its conversion to PDF;
 * - `ready`: it has a PDF with at least one page (an uploaded PDF is ready at once);
 * - `failed`: it could not be made into a PDF; `error` says why. Upload the file again, mended.
 */
export const DOCUMENT_STATUSES = ['converting', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * What the server took out of an uploaded or converted PDF before anyone fills or signs it (what a
 * party signs shows what they saw, and does nothing else):
 * - `javascript`: scripts — run on opening, on a page, a field or a link, or kept in the
 *   document's JavaScript names;
 * - `launch`: actions that start a program or open a file on the reader's computer;
 * - `submitForm`: actions that send the form's contents to an address;
 * - `importData`: actions that load form data from a file;
 * - `fileLinks`: links to other files (another PDF, an embedded one, `file:` and other non-web
 *   addresses); ordinary web (http, https) and mailto links stay;
 * - `embeddedFiles`: attached files (the document's attachments, file attachment annotations);
 * - `media`: RichMedia, 3D, movie, sound and screen annotations and their actions (an annotation
 *   that has a picture keeps the picture, inert);
 * - `xfa`: an XFA form description beside the PDF's own form;
 * - `otherActions`: any other action a reader would run by itself (on opening, closing, printing,
 *   on a page or a field) or on a click (hide, reset a form, switch layers…);
 * - `outsideBytes`: bytes outside the PDF: before its `%PDF-` header or after its last `%%EOF`.
 */
export const REMOVED_CONTENT_KINDS = [
  'javascript',
  'launch',
  'submitForm',
  'importData',
  'fileLinks',
  'embeddedFiles',
  'media',
  'xfa',
  'otherActions',
  'outsideBytes',
] as const;
export type RemovedContent = (typeof REMOVED_CONTENT_KINDS)[number];

/** `removedContent` of a document: each kind at most once, in `REMOVED_CONTENT_KINDS`'s order. */
export const removedContentSchema = z.array(z.enum(REMOVED_CONTENT_KINDS));

/** How far a converting document is, for honest progress. */
export interface DocumentConversion {
  /** `queued`: waiting for a converter; `running`: being converted now. */
  state: 'queued' | 'running';
  /**
   * Conversions that come before it and have not finished (running or waiting); 0 once it runs.
   */
  queuePosition: number;
  /** Seconds since the document was created. */
  elapsedSeconds: number;
  /** The try under way or next (from 1), and how many are made before it fails. */
  attempt: number;
  maxAttempts: number;
}

/**
 * POST sicpay-contract/document/create and GET sicpay-contract/document/status?id=: a document of
 * the session's console.
 */
export interface ContractDocument {
  id: string;
  /** The uploaded file's name, e.g. Lease 2024.docx. */
  name: string;
  status: DocumentStatus;
  /** Pages of its PDF; null unless ready. */
  pageCount: number | null;
  /** SHA-256 of its PDF (64 hex digits); null unless ready. */
  sha256: string | null;
  /** Bytes of its PDF; null unless ready. */
  size: number | null;
  /** Why it failed, in the request's language; null unless failed. */
  error: string | null;
  /** Where its PDF is fetched with the session (`/api/…/document/pdf?id=`); null unless ready. */
  link: string | null;
  /** Progress while converting; null otherwise. */
  conversion: DocumentConversion | null;
  /**
   * What was taken out of its PDF when it was made ready (empty when nothing was, and until it
   * is ready): tell the user.
   */
  removedContent: RemovedContent[];
}

/** GET sicpay-contract/base/getLink?id=: the link of a ready document's PDF. */
export interface DocumentLink {
  /** Fetched with the session's Blade-Auth header: `/api/sicpay-contract/document/pdf?id=`. */
  link: string;
}

const uuid = () => z.uuid({ error: 'invalidValue' });

/** POST document/create: the uploaded file (its id from buis-upload/upload) to make it from. */
export const documentCreateSchema = z.object({ fileId: uuid() });
export type DocumentCreate = z.output<typeof documentCreateSchema>;

/** GET document/status, document/pdf and base/getLink: `?id=` the document's id. */
export const documentIdSchema = z.object({ id: uuid() });
