/**
 * Migration 29: what was taken out of a document's PDF (`removed_content`, kinds of
 * `REMOVED_CONTENT_KINDS`: scripts, embedded files, links to other files, XFA, bytes outside the
 * PDF…) when an uploaded PDF was rewritten clean, or a converted one. Empty when nothing was, and
 * for documents made before: those keep the PDF they were made with.
 */
export const DOCUMENT_CLEANING_MIGRATION = {
  version: 29,
  name: 'content removed from documents',
  sql: `
ALTER TABLE documents ADD COLUMN removed_content text[] NOT NULL DEFAULT '{}';
`,
};
