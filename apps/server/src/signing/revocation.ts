/**
 * Revocation of the platform's certificates (PAdES B-LT): the platform CA's CRL (RFC 5280 §5),
 * made afresh on each call from the revocations in the database and signed with the CA's key, and
 * the revocation of a signer's key, after which that signer signs nothing more.
 *
 * The CRL travels in every signed file's /DSS (update.ts), so that a validator checks a signature
 * with no network, as it stood when the file was signed; the same CRL is served at
 * contract/nologin/authority-crl for whoever wants today's. A CRL is valid for a week
 * (`nextUpdate`); its number is its time in seconds, which only grows.
 */
import { sign } from 'node:crypto';
import forge from 'node-forge';
import type { Database } from '../db';
import { platformAuthority } from './authority';
import { OIDS, algorithm, der, integer, octets, oid, sequence, time, universal } from './cms';

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

/** How long a CRL is to be trusted before a fresher one is asked for. */
export const CRL_VALID_MS = 7 * 24 * 3600 * 1000;

/** RFC 5280 §5.3.1 CRLReason, by the names operators use. */
export const REVOCATION_REASONS = {
  unspecified: 0,
  keyCompromise: 1,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  privilegeWithdrawn: 9,
} as const;
export type RevocationReason = keyof typeof REVOCATION_REASONS;

const EXTENSIONS = {
  reasonCode: '2.5.29.21',
  cRLNumber: '2.5.29.20',
  authorityKeyIdentifier: '2.5.29.35',
} as const;

const extension = (id: string, value: Asn1) => sequence([oid(id), octets(der(value))]);

/**
 * The serials the platform CA revoked, with when and why: signers' keys and signatures'
 * certificates, and the certificates it issued to companies (certificates/: digital certificates
 * it issued — not imported ones, which other authorities issued — and communication certificates).
 */
async function revokedCertificates(
  database: Database,
): Promise<{ serial: string; revoked_at: Date | string; reason: string | null }[]> {
  return database.query(
    `SELECT serial, revoked_at, revocation_reason AS reason
       FROM signature_certificates WHERE revoked_at IS NOT NULL
     UNION ALL
     SELECT serial, revoked_at, revocation_reason AS reason
       FROM signer_certificates WHERE revoked_at IS NOT NULL
     UNION ALL
     SELECT serial, revoked_at, revocation_reason AS reason
       FROM digital_certificates WHERE revoked_at IS NOT NULL AND source = 'issued'
     UNION ALL
     SELECT serial, revoked_at, revocation_reason AS reason
       FROM communication_certificates WHERE revoked_at IS NOT NULL
     ORDER BY revoked_at, serial`,
  );
}

/**
 * A CRL made within the hour with the same revocations is given again rather than made anew:
 * the signatures of one contract, made minutes apart, then share one CRL in its /DSS.
 */
const REUSE_MS = 3600_000;
const made = new WeakMap<Database, { crl: Buffer; at: number; revoked: string }>();

/** The platform CA's CRL as of `now` (or of the last hour), in DER. */
export async function certificateRevocationList(
  database: Database,
  now = new Date(),
): Promise<Buffer> {
  const [authority, revoked] = await Promise.all([
    platformAuthority(database),
    revokedCertificates(database),
  ]);
  const state = JSON.stringify(revoked.map(({ serial, reason }) => [serial, reason]));
  const last = made.get(database);
  const age = now.getTime() - (last?.at ?? 0);
  if (last && last.revoked === state && age >= 0 && age < REUSE_MS) return last.crl;
  const entries = revoked.map(({ serial, revoked_at, reason }) =>
    sequence([
      integer(forge.util.hexToBytes(serial)),
      time(new Date(revoked_at)),
      sequence([
        extension(
          EXTENSIONS.reasonCode,
          universal(
            asn1.Type.ENUMERATED,
            false,
            String.fromCharCode(
              REVOCATION_REASONS[(reason ?? 'unspecified') as RevocationReason] ?? 0,
            ),
          ),
        ),
      ]),
    ]),
  );
  const number = Math.floor(now.getTime() / 1000);
  const tbs = sequence([
    integer(String.fromCharCode(1)), // v2
    algorithm(OIDS.sha256WithRsa),
    pki.distinguishedNameToAsn1(authority.certificate.subject),
    time(now),
    time(new Date(now.getTime() + CRL_VALID_MS)),
    // An empty list is left out rather than written empty (RFC 5280 §5.1.2.6).
    ...(entries.length > 0 ? [sequence(entries)] : []),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      sequence([
        extension(
          EXTENSIONS.authorityKeyIdentifier,
          sequence([
            asn1.create(
              asn1.Class.CONTEXT_SPECIFIC,
              0,
              false,
              authority.certificate.generateSubjectKeyIdentifier().getBytes(),
            ),
          ]),
        ),
        extension(EXTENSIONS.cRLNumber, integer(asn1.integerToDer(number).getBytes())),
      ]),
    ]),
  ]);
  const tbsDer = der(tbs);
  const signature = sign('sha256', tbsDer, authority.key);
  const crl = der(
    sequence([
      tbs,
      algorithm(OIDS.sha256WithRsa),
      universal(asn1.Type.BITSTRING, false, `\u0000${signature.toString('binary')}`),
    ]),
  );
  made.set(database, { crl, at: now.getTime(), revoked: state });
  return crl;
}

/**
 * Revokes the signing key of `signerId` (e.g. `user:12`, `company:5:user:12`) and every
 * certificate a signature was made under with it; returns how many certificates that was, or
 * null when the signer has no key. Signatures made before keep their trusted time and the CRL of
 * their own /DSS; none is made after (contract/sign refuses with `signerCertificateRevoked`).
 */
export async function revokeSigner(
  database: Database,
  signerId: string,
  reason: RevocationReason,
): Promise<number | null> {
  return database.transaction(async (tx) => {
    const [key] = await tx.query<{ serial: string }>(
      `UPDATE signer_certificates
          SET revoked_at = coalesce(revoked_at, now()), revocation_reason = $2
        WHERE signer_id = $1 RETURNING serial`,
      [signerId, reason],
    );
    if (!key) return null;
    const certificates = await tx.query(
      `UPDATE signature_certificates SET revoked_at = now(), revocation_reason = $2
        WHERE key_serial = $1 AND revoked_at IS NULL RETURNING serial`,
      [key.serial, reason],
    );
    return certificates.length + 1;
  });
}

/**
 * Revokes every signing key of the account holding `phone` in tenant `tenantId` — for itself and
 * for each company it signed for — as an operator does when the person reports a key compromised
 * or leaves a company (`npm run revoke-signer`). Returns each key revoked with how many
 * certificates that revoked; an empty list when the account never signed.
 */
export async function revokeAccountSigners(
  database: Database,
  { phone, tenantId = '000000' }: { phone: string; tenantId?: string },
  reason: RevocationReason,
): Promise<{ signerId: string; certificates: number }[] | null> {
  const [user] = await database.query<{ id: string }>(
    'SELECT id FROM users WHERE phone = $1 AND tenant_id = $2',
    [phone, tenantId],
  );
  if (!user) return null;
  const keys = await database.query<{ signer_id: string }>(
    `SELECT signer_id FROM signer_certificates
      WHERE signer_id = $1 OR signer_id LIKE $2 ORDER BY signer_id`,
    [`user:${user.id}`, `company:%:user:${user.id}`],
  );
  const revoked: { signerId: string; certificates: number }[] = [];
  for (const { signer_id } of keys) {
    revoked.push({
      signerId: signer_id,
      certificates: (await revokeSigner(database, signer_id, reason)) ?? 0,
    });
  }
  return revoked;
}
