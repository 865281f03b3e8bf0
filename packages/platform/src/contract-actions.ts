/**
 * A contract's life after it is sent (spec 000 §4, §7; issue 11), shared by the server and the web
 * app: filling in (contract/write), the seals a signer may use (seal/listContractSeal), confirming
 * with an SMS code (base/sendAuthCode, validateAuthCode) or a face check (base/getFaceUrl,
 * getFaceResult), signing (contract/sign), refusing (contract/reject), urging (contract/urge),
 * withdrawing (contract/revoke), removing (contract/remove), locking while a party works
 * (contract/lock), the PDF as it stands (contract/getLink, getDownloadTicket), its signatures
 * (contract/signatures) and its audit trail (contract/attestation).
 *
 * Whether an action may happen in a contract's status is `nextStatus`'s (contracts.ts) alone; who
 * may take it is the server's (apps/server/src/contracts/CONTEXT.md), except which member of a
 * company may manage a contract (`mayManageContract`, `mayLockParty`), which the web app needs too.
 */
import * as z from 'zod/mini';
import type { ContractAction, ContractStatus } from './contracts';
import type { MessageKey } from './messages';
import { recordIdSchema } from './paging';
import type { Permission } from './permissions';
import { TEMPLATE_PARTIES, type TemplateParty } from './templates';

const err = (key: MessageKey) => ({ error: key });
const trimmed = () => z.string().check(z.trim());

/** The contract a call is about (`id`, a JSON number or a digit string). */
const contractId = { id: recordIdSchema };

/** A refusal's reason, at most (characters). */
export const REFUSAL_REASON_MAX = 200;
/** A withdrawal's reason, at most (characters). */
export const WITHDRAWAL_REASON_MAX = 200;
/** An image a party fills in (an ID-card photo…), at most (bytes of the data URL). */
export const FILLED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The initiator urges a party at most once in this time. */
export const URGE_INTERVAL_MS = 60 * 60 * 1000;
/** A lock on a contract (contract/lock) lasts this long unless renewed. */
export const CONTRACT_LOCK_MS = 5 * 60 * 1000;
/** contract/write's body at most (bytes): a party's text values and a few images. */
export const CONTRACT_WRITE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** What a valid code or face check allows: signing that contract once, within this time. */
export const SIGN_TICKET_MS = 10 * 60 * 1000;
/** SMS codes for signing are 6 digits. */
export const AUTH_CODE_PATTERN = /^\d{6}$/;
/** A link of contract/getLink or getDownloadTicket works this long (seconds). */
export const CONTRACT_PDF_LINK_TTL_S = 5 * 60;

// ---- Who of a company may manage a contract ----

/**
 * The right to withdraw, remove, urge and lock every contract of the company, not only one's own
 * (issue 28): without it a member who may sign in could withdraw what a colleague sent.
 */
export const CONTRACT_MANAGE_PERMISSION = 'contract:manage' satisfies Permission;

/** Where the session stands towards a contract, for `mayManageContract` and `mayLockParty`. */
export interface ContractStanding {
  /** The session acts in its personal console, which its user owns. */
  personal: boolean;
  /** The session's user initiated the contract, in the session's console. */
  initiator: boolean;
  /** What the session's role grants in its console. */
  grants: ReadonlySet<Permission>;
}

/**
 * Whether the session may withdraw (contract/revoke), remove and urge a contract its console
 * initiated, or lock its console's part of one: in the personal console, its owner; in a
 * company's, the member who initiated the contract and any member whose role grants
 * `contract:manage`. Every other member gets 403 'No permission for now'.
 */
export function mayManageContract({ personal, initiator, grants }: ContractStanding): boolean {
  return personal || initiator || grants.has(CONTRACT_MANAGE_PERMISSION);
}

/**
 * Whether the session may take the lock on one of its console's parties (contract/lock): whoever
 * may manage the contract, and the member the party names as its signer (`namesMe`), who is the
 * one expected to fill and sign that part and so must be able to keep colleagues off it meanwhile.
 */
export function mayLockParty(standing: ContractStanding & { namesMe: boolean }): boolean {
  return standing.namesMe || mayManageContract(standing);
}

/**
 * The `data` of a contract call's 403 `contractInOtherConsole` (code 403002): the console where the
 * session's user may open the contract — a company the user is an active member of (the
 * contract's initiating company, or a party's), or the personal console (-1, `companyName` '').
 */
export const contractInOtherConsoleSchema = z.object({
  companyId: z.number().check(z.int()),
  companyName: z.string(),
});
export type ContractInOtherConsole = z.infer<typeof contractInOtherConsoleSchema>;

// ---- Requests ----

/** GET contract/getLink, getDownloadTicket, signatures, attestation; base/sendAuthCode, getFaceUrl. */
export const contractQuery = z.object({
  id: z.coerce.number().check(z.int(err('invalidValue')), z.minimum(1, err('invalidValue'))),
});

/**
 * GET contract/getDownloadTicket: one contract. Several ids (a list's selection: `id=1,2` or
 * `id=1&id=2`) are refused with 'Only one contract can be downloaded at a time'.
 */
export const contractDownloadQuery = z.object({
  id: z.pipe(
    z.pipe(
      z
        .union([z.string(), z.number(), z.array(z.unknown())])
        .check(
          z.refine(
            (id) => !Array.isArray(id) && !/[,;\s]/.test(String(id).trim()),
            err('oneDownloadAtATime'),
          ),
        ),
      z.transform((id) => Number(id)),
    ),
    z.number().check(z.int(err('invalidValue')), z.minimum(1, err('invalidValue'))),
  ),
});

/** The party a call acts for, where the session holds more than one party of the contract. */
const partyOf = z.optional(z.enum(TEMPLATE_PARTIES, err('invalidValue')));

/**
 * POST contract/write: a party fills in its own fields, by element uuid: text and date values as
 * text (a date in the field's own format), images as `data:image/png;base64,…` or JPEG. The
 * template's rules apply (required, length, number, format).
 */
export const contractWriteBody = z.object({
  ...contractId,
  party: partyOf,
  values: z.record(
    z.string(),
    z.string().check(z.maxLength(FILLED_IMAGE_MAX_BYTES, err('invalidValue'))),
  ),
});

/**
 * POST contract/saveDraft (not in the specification; see the server's contracts/drafts.ts): what a
 * party has filled in so far, kept as it goes so that a signer who leaves finds it again. The same
 * shape as contract/write; nothing is checked against the template's rules until contract/write.
 */
export const contractSaveDraftBody = contractWriteBody;

export const contractSealsQuery = z.object({
  id: contractQuery.shape.id,
  party: partyOf,
});

/** GET base/sendAuthCode: an SMS code to the signer's own phone, for signing this contract. */
/**
 * What a verification code confirms: a signature (contract/sign), or an agreement to rescind a
 * completed contract (contract/signUnsubscribe). The ticket it earns serves that purpose only, on
 * that contract: a signing ticket left unused when the contract completed agrees to nothing.
 */
export const AUTH_PURPOSES = ['sign', 'rescind'] as const;
export type AuthPurpose = (typeof AUTH_PURPOSES)[number];
const purpose = z._default(z.enum(AUTH_PURPOSES, err('invalidValue')), 'sign');

export const sendAuthCodeQuery = z.object({ ...contractQuery.shape, purpose });

/** POST base/validateAuthCode: the code, answered with a sign ticket. */
export const validateAuthCodeBody = z.object({
  ...contractId,
  purpose,
  code: trimmed().check(
    z.minLength(1, err('smsCodeRequired')),
    z.regex(AUTH_CODE_PATTERN, err('smsCodeInvalid')),
  ),
});

/** GET base/getFaceResult: the face check's outcome, answered with a sign ticket when it passed. */
export const faceResultQuery = z.object({
  ...contractId,
  faceToken: z.string().check(z.minLength(1, err('invalidValue')), z.maxLength(200)),
});

/**
 * POST contract/sign: sign as `party` (the session's party whose turn it is, by default) with a
 * seal of seal/listContractSeal, confirmed by a ticket of validateAuthCode or getFaceResult.
 */
export const contractSignBody = z.object({
  ...contractId,
  party: partyOf,
  sealId: z.string().check(z.minLength(1, err('sealRequired')), z.maxLength(100)),
  ticket: z.string().check(z.minLength(1, err('signTicketRequired')), z.maxLength(200)),
});

/**
 * GET contract/nologin/pdf: the PDF a link of getLink or getDownloadTicket points at. No session:
 * the ticket (signed by the server, short-lived) is the right to read it.
 */
export const contractPdfQuery = z.object({
  ticket: z.string().check(
    z.regex(
      // contract.version.i|a.expires[.nonce].mac (a ticket issued before nonces has none)
      /^[0-9]{1,16}\.[0-9]{1,6}\.[ia]\.[0-9]{1,12}(?:\.[A-Za-z0-9_-]{12})?\.[0-9a-f]{64}$/,
      err('notFound'),
    ),
  ),
});

/** How the signing authority's certificate is served: PEM text, or DER (`.cer`, Windows' default). */
export const AUTHORITY_CERTIFICATE_FORMATS = ['pem', 'cer'] as const;
export type AuthorityCertificateFormat = (typeof AUTHORITY_CERTIFICATE_FORMATS)[number];

/** GET contract/nologin/authority-certificate: PEM unless asked otherwise. */
export const authorityCertificateQuery = z.object({
  format: z._default(z.enum(AUTHORITY_CERTIFICATE_FORMATS, err('invalidValue')), 'pem'),
});

/** POST contract/reject: refuse to sign, with a reason. */
export const contractRejectBody = z.object({
  ...contractId,
  party: partyOf,
  reason: trimmed().check(
    z.minLength(1, err('refusalReasonRequired')),
    z.maxLength(REFUSAL_REASON_MAX, err('refusalReasonTooLong')),
  ),
});

/** POST contract/urge: remind the parties whose move it is. */
export const contractUrgeBody = z.object(contractId);

/** POST contract/revoke: the initiator withdraws the contract. */
export const contractRevokeBody = z.object({
  ...contractId,
  reason: z._default(
    trimmed().check(z.maxLength(WITHDRAWAL_REASON_MAX, err('withdrawalReasonTooLong'))),
    '',
  ),
});

/** POST contract/remove: the initiator removes a contract that ended unsigned from the lists. */
export const contractRemoveBody = z.object(contractId);

/** POST contract/lock: take (`lock: true`, renewing one's own) or release a party's lock. */
export const contractLockBody = z.object({
  ...contractId,
  party: partyOf,
  lock: z._default(z.boolean(), true),
});

export type ContractWriteBody = z.input<typeof contractWriteBody>;
export type ContractSaveDraftBody = z.input<typeof contractSaveDraftBody>;
export type ContractSignBody = z.input<typeof contractSignBody>;
export type ContractRejectBody = z.input<typeof contractRejectBody>;
export type ContractRevokeBody = z.input<typeof contractRevokeBody>;
export type ContractLockBody = z.input<typeof contractLockBody>;

// ---- Answers ----

/** contract/saveDraft's answer: when the draft was kept. */
export interface ContractDraftSaved {
  /** ISO 8601 */
  savedAt: string;
}

/** What a party of the session's console has filled in so far and not yet sent (contract/detail). */
export interface ContractFillDraft {
  party: TemplateParty;
  /** By field uuid, as contract/write takes them. */
  values: Record<string, string>;
  /** ISO 8601 */
  savedAt: string;
}

/** What an action changed (write, sign, reject, revoke, remove). */
export interface ContractActed {
  id: string;
  status: ContractStatus;
  /** SHA-256 of the contract's PDF after the action (it changes with each signature). */
  pdfSha256: string | null;
}

/** One seal of seal/listContractSeal. */
export interface ContractSeal {
  /** What contract/sign takes: the seal, never anything the client can forge into another's. */
  id: string;
  kind: 'personal' | 'company';
  /** The seal's name as shown: the person's name or the company's. */
  name: string;
  /** The party it signs for. */
  party: TemplateParty;
  /** The seal's PNG (an address under /api the session may fetch). */
  imageUrl: string;
  /** The default one to offer. */
  default: boolean;
}

/** base/sendAuthCode's answer. */
export interface AuthCodeSent {
  /** The phone it went to, masked (138****0000). */
  phone: string;
  /** Seconds until another code may be sent (the resend countdown). */
  resendAfterSeconds: number;
}

/** validateAuthCode's and a passed getFaceResult's answer: a one-time permission to sign. */
export interface SignTicket {
  ticket: string;
  /** ISO 8601 */
  expiresAt: string;
}

/** base/getFaceUrl's answer. */
export interface FaceCheckStarted {
  /** Where the signer takes the face check (the provider's page). */
  url: string;
  /** What getFaceResult asks about. */
  faceToken: string;
  /** The development provider says so; a real one is false. */
  development: boolean;
}

/** base/getFaceResult's answer. */
export type FaceCheckResult =
  { state: 'pending' } | { state: 'failed' } | ({ state: 'passed' } & SignTicket);

/** contract/urge's answer. */
export interface ContractUrged {
  /** The parties reminded now. */
  urged: TemplateParty[];
  /** ISO 8601: when each party can be urged again (an hour after its last reminder). */
  nextUrgeAt: string;
}

/**
 * contract/lock's answer, and the `data` of its 409 'contractLockedByOther' when another member of
 * the party holds the lock.
 */
export interface ContractLock {
  /** The party the lock is on. */
  party: TemplateParty;
  locked: boolean;
  /** Who holds it (a name), when someone does. */
  holder: string | null;
  /** ISO 8601 */
  until: string | null;
  /** The session holds it. */
  mine: boolean;
}

/** contract/getLink's and getDownloadTicket's answer: a short-lived address of the PDF. */
export interface ContractPdfLink {
  link: string;
  /** ISO 8601 */
  expiresAt: string;
  /** SHA-256 of the PDF it serves. */
  sha256: string;
  /** The file name offered when downloading. */
  fileName: string;
}

/** One digital signature of contract/signatures, as poppler's pdfsig verifies it. */
export interface ContractSignatureView {
  /** The signature's place in the file, 1 first. */
  index: number;
  signerName: string;
  /** The party it signed for, where the platform recorded it. */
  party: TemplateParty | null;
  /** ISO 8601, the time the signature claims. */
  signedAt: string | null;
  certificateSubject: string;
  certificateIssuer: string;
  /** The signature's cryptography holds and its certificate chains to the platform's authority. */
  valid: boolean;
  /** The bytes it covers are unchanged (every signature but the last covers part of the file). */
  coversWholeDocument: boolean;
  /**
   * What holds, in the request's language: intact or not, and that the certificate comes from the
   * platform's own authority, which readers outside the platform know only once it is added.
   */
  detail: string;
}

/** contract/signatures' answer. */
export interface ContractSignatures {
  sha256: string;
  signatures: ContractSignatureView[];
  /** Every signature is valid and the last covers the whole file. */
  intact: boolean;
}

/** One entry of the audit trail as online-attestation shows it. */
export interface AttestationEntry {
  seq: number;
  action: ContractAction | 'create' | 'view' | 'download';
  /** ISO 8601 */
  at: string;
  actorName: string | null;
  actorPhone: string | null;
  companyName: string | null;
  ip: string | null;
  documentSha256: string;
  details: Record<string, unknown>;
  hash: string;
  prevHash: string | null;
}

/** contract/attestation's answer. */
export interface ContractAttestation {
  entries: AttestationEntry[];
  chain:
    { intact: true } | { intact: false; brokenAt: number; problem: 'sequence' | 'link' | 'hash' };
}
