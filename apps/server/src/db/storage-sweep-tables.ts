/**
 * Migration 28: the storage sweep (files-sweep/), which removes files no row names and writes a
 * crash left unfinished.
 *
 * - `storage_sweeps`: one row per finished sweep, what it removed; /api/health reports the last
 *   one, the same from every server process. Rows older than 30 days are removed by the sweep.
 * - An index on every column that names a stored file and had none: the sweep asks, for each
 *   batch of stored keys, which are named by no row, so each lookup is an index probe instead of
 *   a scan of every table once per batch. (`files.storage_key` is unique, hence indexed already.)
 */
export const STORAGE_SWEEP_MIGRATION = {
  version: 28,
  name: 'storage sweeps and indexes on stored keys',
  sql: `
CREATE TABLE storage_sweeps (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  finished_at timestamptz NOT NULL DEFAULT now(),
  files_checked integer NOT NULL CHECK (files_checked >= 0),
  files_removed integer NOT NULL CHECK (files_removed >= 0),
  bytes_removed bigint NOT NULL CHECK (bytes_removed >= 0),
  partials_removed integer NOT NULL CHECK (partials_removed >= 0),
  partial_bytes_removed bigint NOT NULL CHECK (partial_bytes_removed >= 0)
);
CREATE INDEX storage_sweeps_finished ON storage_sweeps (finished_at);

CREATE INDEX contract_files_storage_key ON contract_files (storage_key);
CREATE INDEX documents_pdf_storage_key ON documents (pdf_storage_key) WHERE pdf_storage_key IS NOT NULL;
CREATE INDEX seals_storage_key ON seals (storage_key);
CREATE INDEX user_avatars_storage_key ON user_avatars (storage_key);
CREATE INDEX company_auth_applications_letter_key ON company_auth_applications (letter_key)
  WHERE letter_key IS NOT NULL;
CREATE INDEX real_name_reviews_front_key ON real_name_reviews (front_key);
CREATE INDEX real_name_reviews_back_key ON real_name_reviews (back_key);
`,
};
