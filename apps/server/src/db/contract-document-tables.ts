/**
 * Migration 12: what a contract is signed on, stored when it is created (contract/create).
 *
 * - `document_id`: the ready document (documents.id) the contract was made on, its own or its
 *   template's;
 * - `project`: the snapshot of the editor's project the parties fill and sign, the initiator's
 *   values merged in; a later change of the template changes no contract;
 * - `stamp_locations`: where each seal and signature goes, derived by the server from `project`
 *   (`deriveStampLocations`), never taken from the client;
 * - `pdf_sha256`: SHA-256 of the document's PDF as the contract was created on it;
 * - `updated_at`: the last change of the row.
 */
export const CONTRACT_DOCUMENT_MIGRATION = {
  version: 12,
  name: 'contract document, project snapshot and stamp locations',
  sql: `
ALTER TABLE contracts
  ADD COLUMN document_id uuid REFERENCES documents (id),
  ADD COLUMN project jsonb,
  ADD COLUMN stamp_locations jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN pdf_sha256 text CHECK (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX contracts_document ON contracts (document_id) WHERE document_id IS NOT NULL;
`,
};
