/**
 * What an evidence report states about a contract, gathered when the report is issued: the
 * contract and its parties, every stored version of its PDF (read back from storage and hashed
 * again: a version whose bytes no longer match its recorded hash stops the report), each party's
 * real-name verification, how it confirmed its signature and every event of its account in the
 * audit trail (time, address, device), the signatures the final PDF carries with their
 * certificates and timestamps (read from the file, and verified by pdfsig), and the whole audit
 * trail with its chain's verdict.
 */
import { createHash } from 'node:crypto';
import type { AuditAction, ContractStatus, TemplateParty } from '@esign/platform';
import type { FastifyBaseLogger } from 'fastify';
import { verifyAuditChain, type AuditEntry } from '../audit/audit-trail';
import { readContractFile, type ContractFile } from '../contracts/contract-pdf';
import type { Database } from '../db';
import { PermanentJobError } from '../jobs/worker';
import { verifyContractPdf, type VerifiedSignature } from '../signing';
import type { Storage } from '../storage';
import { signaturesInPdf, type FileSignature } from './signatures';

/** How a person proved who they are (real_name_identities.method). */
export type RealNameMethod = 'phone' | 'face' | 'bankCard' | 'manual';
/** How a company was verified (company_auth_applications.method). */
export type CompanyAuthMethod = 'legal' | 'payment' | 'letter' | 'face';

/** One event of a party's account in the audit trail. */
export interface PartyEvent {
  seq: number;
  action: AuditAction;
  at: Date;
  ip: string | null;
  /** The User-Agent of the call; null where the trail did not record one. */
  device: string | null;
}

export interface PartyFacts {
  party: TemplateParty;
  /** The name the initiator gave the party. */
  name: string;
  companyName: string | null;
  /** The phone, masked: 138****0001. */
  phone: string;
  signs: boolean;
  signedAt: Date | null;
  /** The account that signed for it (or holds it). */
  signerUserId: number | null;
  signerName: string | null;
  /** The signer's personal real-name verification: method and when; null when not verified. */
  realName: { method: RealNameMethod | null; verifiedAt: Date | null } | null;
  /** For a company party: its verification on the platform; null for a person. */
  company: { verified: boolean; method: CompanyAuthMethod | null } | null;
  /** How its signature was confirmed (sign entry's `confirmedBy`): SMS code or face check. */
  confirmedBy: 'sms' | 'face' | null;
  events: PartyEvent[];
}

export interface VersionFacts extends ContractFile {
  signedBy: number | null;
  certificateSerial: string | null;
}

export interface SignatureFacts extends FileSignature {
  /** The party whose signature it is (the n-th 'sign' entry of the trail). */
  party: TemplateParty | null;
  /** The signing time the trail recorded. */
  signedAt: Date | null;
  /** pdfsig's verdict, with the platform's authority trusted. */
  verified: Pick<VerifiedSignature, 'valid' | 'trusted' | 'signatureStatus' | 'certificateStatus'>;
}

/** One audit entry with who acted, for people. */
export interface TrailEntry extends AuditEntry {
  actorName: string | null;
  companyName: string | null;
}

export interface EvidenceFacts {
  contract: {
    id: number;
    tenantId: string;
    number: string;
    name: string;
    status: ContractStatus;
    createdAt: Date;
    initiatorName: string;
    initiatorCompany: string | null;
    /** When the last signature made it complete (the last 'sign' entry). */
    completedAt: Date | null;
  };
  /** SHA-256 of the document the contract was initiated with. */
  documentSha256: string | null;
  parties: PartyFacts[];
  versions: VersionFacts[];
  signatures: SignatureFacts[];
  trail: {
    entries: TrailEntry[];
    intact: boolean;
    brokenAt: number | null;
    head: string;
  };
  /** The final signed PDF's bytes (its hash is the last version's). */
  finalPdf: Uint8Array;
}

const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Gathers the facts of contract `contractId` (any tenant: the caller decided who may ask). Fails
 * for good (`PermanentJobError`) when the contract has no signed version or a stored version's
 * bytes do not match its recorded hash: a report must not vouch for what it cannot read.
 */
export async function collectEvidence(
  database: Database,
  storage: Storage,
  contractId: number,
  log: FastifyBaseLogger,
): Promise<EvidenceFacts> {
  const [contract] = await database.query<{
    id: string;
    tenant_id: string;
    number: string;
    name: string;
    status: ContractStatus;
    created_at: Date | string;
    pdf_sha256: string | null;
    initiator_name: string;
    initiator_company: string | null;
  }>(
    `SELECT c.id, c.tenant_id, c.number, c.name, c.status, c.created_at, c.pdf_sha256,
       u.name AS initiator_name, k.full_name AS initiator_company
     FROM contracts c JOIN users u ON u.id = c.initiator_user_id
     LEFT JOIN companies k ON k.id = c.company_id
     WHERE c.id = $1`,
    [contractId],
  );
  if (!contract) throw new PermanentJobError(`Contract ${contractId} does not exist`);

  const fileRows = await database.query<{
    contract_id: string;
    version: number;
    storage_key: string;
    sha256: string;
    size: string;
    party: TemplateParty | null;
    created_at: Date | string;
    signed_by: string | null;
    certificate_serial: string | null;
  }>(
    `SELECT contract_id, version, storage_key, sha256, size, party, created_at, signed_by,
       certificate_serial
     FROM contract_files WHERE contract_id = $1 ORDER BY version`,
    [contractId],
  );
  const versions: VersionFacts[] = fileRows.map((row) => ({
    contractId: Number(row.contract_id),
    version: Number(row.version),
    storageKey: row.storage_key,
    sha256: row.sha256,
    size: Number(row.size),
    party: row.party,
    createdAt: new Date(row.created_at),
    signedBy: row.signed_by === null ? null : Number(row.signed_by),
    certificateSerial: row.certificate_serial,
  }));
  if (versions.length < 2) {
    throw new PermanentJobError(`Contract ${contractId} has no signed version`);
  }
  // Every version read back and hashed again: the report states what storage holds.
  let finalPdf: Uint8Array = new Uint8Array();
  for (const version of versions) {
    const bytes = await readContractFile(storage, version, log);
    if (sha256(bytes) !== version.sha256 || bytes.byteLength !== version.size) {
      throw new PermanentJobError(
        `Version ${version.version} of contract ${contractId} does not match its recorded SHA-256`,
      );
    }
    finalPdf = bytes;
  }

  const chain = await verifyAuditChain(database, contractId);
  const ids = (values: (number | null)[]) => [...new Set(values.filter((v) => v !== null))];
  const participants = await database.query<{
    party: TemplateParty;
    user_id: string | null;
    company_id: string | null;
    company_name: string | null;
    phone: string;
    name: string;
    signs: boolean;
    signed_at: Date | string | null;
  }>(
    `SELECT party, user_id, company_id, company_name, phone, name, signs, signed_at
     FROM contract_participants WHERE contract_id = $1 ORDER BY party`,
    [contractId],
  );
  const signerOf = new Map(
    versions.filter((v) => v.party !== null).map((v) => [v.party!, v.signedBy] as const),
  );
  const signerIds = participants.map(
    (p) => signerOf.get(p.party) ?? (p.user_id === null ? null : Number(p.user_id)),
  );
  const [users, companies, identities, companyAuths] = await Promise.all([
    database.query<{ id: string; name: string; real_name_verified: boolean }>(
      'SELECT id, name, real_name_verified FROM users WHERE id = ANY($1::bigint[])',
      [ids([...chain.entries.map((entry) => entry.actorUserId), ...signerIds])],
    ),
    database.query<{ id: string; full_name: string; auth_status: number }>(
      'SELECT id, full_name, auth_status FROM companies WHERE id = ANY($1::bigint[])',
      [
        ids([
          ...chain.entries.map((entry) => entry.companyId),
          ...participants.map((p) => (p.company_id === null ? null : Number(p.company_id))),
        ]),
      ],
    ),
    database.query<{ user_id: string; method: RealNameMethod; verified_at: Date | string }>(
      'SELECT user_id, method, verified_at FROM real_name_identities WHERE user_id = ANY($1::bigint[])',
      [ids(signerIds)],
    ),
    database.query<{ company_id: string; method: CompanyAuthMethod | null }>(
      `SELECT DISTINCT ON (company_id) company_id, method FROM company_auth_applications
       WHERE company_id = ANY($1::bigint[]) AND status = 'approved'
       ORDER BY company_id, id DESC`,
      [ids(participants.map((p) => (p.company_id === null ? null : Number(p.company_id))))],
    ),
  ]);
  const userById = new Map(users.map((user) => [Number(user.id), user.name]));
  const verifiedUsers = new Set(
    users.filter((user) => user.real_name_verified).map((user) => Number(user.id)),
  );
  const companyById = new Map(companies.map((company) => [Number(company.id), company]));
  const identityOf = new Map(identities.map((row) => [Number(row.user_id), row]));
  const companyAuthOf = new Map(companyAuths.map((row) => [Number(row.company_id), row.method]));

  const entries: TrailEntry[] = chain.entries.map((entry) => ({
    ...entry,
    actorName: entry.actorUserId === null ? null : (userById.get(entry.actorUserId) ?? null),
    companyName:
      entry.companyId === null ? null : (companyById.get(entry.companyId)?.full_name ?? null),
  }));
  const signEntries = entries.filter((entry) => entry.action === 'sign');

  const parties: PartyFacts[] = participants.map((p, index) => {
    const signerUserId = signerIds[index] ?? null;
    const companyId = p.company_id === null ? null : Number(p.company_id);
    const signEntry = signEntries.find((entry) => entry.details.party === p.party);
    const identity = signerUserId === null ? undefined : identityOf.get(signerUserId);
    // Accounts verified before methods were recorded (the demo accounts) have no identity row.
    const realNameVerified =
      signerUserId !== null && (identity !== undefined || verifiedUsers.has(signerUserId));
    const confirmed = signEntry?.details.confirmedBy;
    return {
      party: p.party,
      name: p.name,
      companyName: p.company_name,
      phone: maskPhone(p.phone),
      signs: p.signs,
      signedAt: p.signed_at === null ? null : new Date(p.signed_at),
      signerUserId,
      signerName: signerUserId === null ? null : (userById.get(signerUserId) ?? null),
      realName: realNameVerified
        ? {
            method: identity?.method ?? null,
            verifiedAt: identity ? new Date(identity.verified_at) : null,
          }
        : null,
      company:
        p.company_name === null
          ? null
          : {
              verified: companyId !== null && companyById.get(companyId)?.auth_status === 1,
              method: companyId === null ? null : (companyAuthOf.get(companyId) ?? null),
            },
      confirmedBy: confirmed === 'sms' || confirmed === 'face' ? confirmed : null,
      // The party's account acting in the party's console: a company's member in that company,
      // a person in the personal console.
      events: entries
        .filter(
          (entry) =>
            signerUserId !== null &&
            entry.actorUserId === signerUserId &&
            (p.company_name === null ? entry.companyId === null : entry.companyId === companyId),
        )
        .map((entry) => ({
          seq: entry.seq,
          action: entry.action,
          at: entry.at,
          ip: entry.ip,
          device: typeof entry.details.device === 'string' ? entry.details.device : null,
        })),
    };
  });

  const verified = await verifyContractPdf(database, finalPdf);
  const signatures: SignatureFacts[] = signaturesInPdf(finalPdf).map((signature, index) => {
    const entry = signEntries[index];
    const signingTime = entry?.details.signingTime;
    const check = verified[index];
    return {
      ...signature,
      party: (entry?.details.party as TemplateParty | undefined) ?? null,
      signedAt: typeof signingTime === 'string' ? new Date(signingTime) : (entry?.at ?? null),
      verified: {
        valid: check?.valid ?? false,
        trusted: check?.trusted ?? false,
        signatureStatus: check?.signatureStatus ?? '',
        certificateStatus: check?.certificateStatus ?? '',
      },
    };
  });

  const last = chain.entries.at(-1);
  if (!last) throw new PermanentJobError(`Contract ${contractId} has no audit trail`);
  return {
    contract: {
      id: Number(contract.id),
      tenantId: contract.tenant_id,
      number: contract.number,
      name: contract.name,
      status: contract.status,
      createdAt: new Date(contract.created_at),
      initiatorName: contract.initiator_name,
      initiatorCompany: contract.initiator_company,
      completedAt: signEntries.at(-1)?.at ?? null,
    },
    documentSha256: contract.pdf_sha256,
    parties,
    versions,
    signatures,
    trail: {
      entries,
      intact: chain.ok,
      brokenAt: chain.brokenAt ?? null,
      head: last.hash,
    },
    finalPdf,
  };
}
