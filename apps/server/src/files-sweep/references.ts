import type { Queryable } from '../db';

/** A column that names stored files, and the key prefix its writers use. */
export interface StorageReference {
  table: string;
  column: string;
  /** The keys written for it start so (`storage.list(prefix)` finds them). */
  prefix: string;
  /** What the file is. */
  what: string;
}

/**
 * Every column that names a stored file. The sweep removes an old file only when none of them
 * holds its key, and walks only these prefixes: a file under another prefix is never touched. A
 * new table or column naming a file is added here; references.test.ts compares this list with the
 * schema's columns named like a key, and with what a journey through the app stores.
 */
export const STORAGE_REFERENCES: readonly StorageReference[] = [
  { table: 'files', column: 'storage_key', prefix: 'uploads/', what: 'uploaded documents' },
  {
    table: 'documents',
    column: 'pdf_storage_key',
    prefix: 'documents/',
    what: 'document PDFs (converted; an uploaded PDF is its upload, under uploads/)',
  },
  {
    table: 'contract_files',
    column: 'storage_key',
    prefix: 'contracts/',
    what: 'contract PDF versions',
  },
  { table: 'seals', column: 'storage_key', prefix: 'seals/', what: 'seal images' },
  { table: 'user_avatars', column: 'storage_key', prefix: 'avatars/', what: 'avatars' },
  {
    table: 'company_auth_applications',
    column: 'letter_key',
    prefix: 'company-auth/',
    what: 'company authorisation letters',
  },
  {
    table: 'real_name_reviews',
    column: 'front_key',
    prefix: 'id-photos/',
    what: 'ID card photos, front',
  },
  {
    table: 'real_name_reviews',
    column: 'back_key',
    prefix: 'id-photos/',
    what: 'ID card photos, back',
  },
  {
    table: 'evidence_reports',
    column: 'storage_key',
    prefix: 'evidence-reports/',
    what: 'evidence reports (signed PDFs)',
  },
];

/**
 * Columns named like a stored key that are not one, each with why; with `STORAGE_REFERENCES`
 * they account for every such column of the schema (references.test.ts).
 */
export const NOT_STORAGE_KEYS: readonly { table: string; column: string; why: string }[] = [
  { table: 'captchas', column: 'key', why: 'the captcha’s id given to the client' },
  { table: 'signer_certificates', column: 'private_key_pem', why: 'a private key, not a file' },
  {
    table: 'digital_certificates',
    column: 'private_key_sealed',
    why: 'a company certificate’s private key, sealed',
  },
  { table: 'counterparts', column: 'console_key', why: 'the console whose book holds it' },
  { table: 'orders', column: 'console_key', why: 'the console that bought it' },
  { table: 'fee_gifts', column: 'console_key', why: 'the console the platform gave it to' },
  { table: 'fee_consumptions', column: 'console_key', why: 'the console that spent the unit' },
  { table: 'invoice_requests', column: 'console_key', why: 'the console that asked for it' },
  {
    table: 'signature_certificates',
    column: 'key_serial',
    why: 'the serial of the signer’s key record a certificate certifies',
  },
  { table: 'menus', column: 'path', why: 'a route of the web app' },
  { table: 'access_parties', column: 'app_key', why: 'an API access party’s public app key' },
  { table: 'open_api_calls', column: 'path', why: 'the URL path an open API call was made to' },
  { table: 'hardware_keys', column: 'public_key', why: 'a hardware key’s SM2 public key' },
  {
    table: 'contract_archive_categories',
    column: 'console_key',
    why: 'the console a category belongs to (c<company> or u<user>)',
  },
  {
    table: 'contract_archive_filings',
    column: 'console_key',
    why: 'the console a contract is filed in (c<company> or u<user>)',
  },
  {
    table: 'evidence_reports',
    column: 'console_key',
    why: 'the console an evidence report was applied for in (c<company> or u<user>)',
  },
];

/** The prefixes the sweep walks, each once. */
export const SWEPT_PREFIXES: readonly string[] = [
  ...new Set(STORAGE_REFERENCES.map((reference) => reference.prefix)),
];

const NAMED_BY_A_ROW = STORAGE_REFERENCES.map(
  ({ table, column }) => `EXISTS (SELECT 1 FROM ${table} r WHERE r.${column} = k.key)`,
).join('\n     OR ');

/**
 * Which of `keys` no row names now, in any column of `STORAGE_REFERENCES` (one statement, so one
 * snapshot of committed rows: read committed gives the rows committed before it started).
 */
export async function unreferencedKeys(db: Pick<Queryable, 'query'>, keys: readonly string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db.query<{ key: string }>(
    `SELECT k.key FROM unnest($1::text[]) AS k(key)
     WHERE NOT (${NAMED_BY_A_ROW})`,
    [keys],
  );
  return new Set(rows.map((row) => row.key));
}
