/**
 * contract/sign: a party stamps its seal and adds its PAdES signature to the contract's PDF, as
 * one incremental update of the latest version (`contract-pdf.ts`; the first signature stores the
 * filled document as version 0 before it). Everything happens in `actOnContract`'s transaction,
 * which holds the contract's row: two sessions signing the same part at once sign one after the
 * other, and the second finds the part signed ('signedConcurrently'), so the PDF holds one
 * signature.
 *
 * What is prepared before the transaction: the signer's identity and certificate (issued on a
 * signer's first signature), and a draft of the signature itself (`draftSignature`: the filled
 * document, the stamps and the CMS signature, made on the contract as it was read), which the
 * transaction uses only when the contract, its latest version, the party and the seal are still
 * what the draft was made on — otherwise it signs itself. The seal is checked inside it: it must
 * be one `usableSeals` offers for this contract today, asked through the transaction; its PNG is
 * the stored one, and the participant, the seal's use count and the audit trail record the seal
 * and the authorisation that allowed it. On the embedded database a query
 * from outside the transaction would wait for it, so nothing inside asks the database except
 * through the transaction.
 */
import {
  type ContractActed,
  type Locale,
  type TemplateParty,
  type contractSignBody,
} from '@esign/platform';
import {
  fitStampToImage,
  type StampLocation,
  type TemplateProject,
} from '@esign/template-editor/core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod/mini';
import { requireSigningApproval } from '../approvals/need';
import type { AccessClaims } from '../auth/tokens';
import {
  COMPANY_CERTIFICATE_REFUSALS,
  CompanyCertificateError,
  assertCompanyCertificateStill,
  companySigning,
} from '../certificates/digital';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { PdfError } from '../editor-pdf';
import { ApiError } from '../http/route';
import { sealSignerOf } from '../seals/signer';
import { readSealImage } from '../seals/store';
import type { UsableSeal } from '../seals/usable';
import {
  signContract,
  signerCredentials,
  SignerRevokedError,
  TimestampError,
  validationData,
  type SigningValidation,
  type SealStamp,
  type SignContractResult,
  type SignerIdentity,
  type SigningCredentials,
} from '../signing';
import { actOnContract, initiatorOf, partiesOf, type Act, type Recipient } from './act';
import {
  refuseAfterDeadline,
  signTicketIsGood,
  spendSignTicket,
  type SignTicketMethod,
} from './auth-codes';
import {
  latestContractFile,
  pdfFailure,
  type ContractFile,
  type FilledContract,
  readContractFile,
  renderFilledDocument,
  sha256Of,
  storeContractFile,
} from './contract-pdf';
import { consoleContracts, consoleParty } from './console-contracts';
import { sealKindOf, signerSeals } from './sign-seals';

export type SignBody = z.output<typeof contractSignBody>;

export interface SignRequest {
  session: AccessClaims;
  locale: Locale;
  ip: string;
  body: SignBody;
  /** Where a stored version found missing is told (the request's log). */
  log: FastifyBaseLogger;
}

/** Who signs and with what, prepared before the transaction. */
export interface PreparedSigner {
  identity: SignerIdentity;
  credentials: SigningCredentials;
  /** The CRL and timestamp certificates the signature's /DSS carries (PAdES B-LT). */
  validation: SigningValidation;
  /**
   * The company's digital certificate the credentials are, when the company signs with its own
   * (certificates/digital.ts); undefined for a key the platform issued to the signer.
   */
  companyCertificateId?: number | undefined;
}

/**
 * Where a party's signature lands: its seals' stamp locations as the contract stored them (a
 * cross-page seal's slices with the part of the image each shows), and its signature fields, each
 * the whole box of its element. `fitStamp` then sizes the seal's image inside each box.
 */
export function partyStamps(
  project: Pick<TemplateProject, 'pages'>,
  stampLocations: readonly unknown[],
  party: TemplateParty,
): SealStamp[] {
  const stamps: SealStamp[] = (stampLocations as StampLocation[])
    .filter((stamp) => stamp.party === party)
    .map(({ page, x, y, width, height, rotate, slice }) => ({
      page,
      x,
      y,
      width,
      height,
      rotate,
      ...(slice ? { slice } : {}),
    }));
  project.pages.forEach((page, index) => {
    for (const element of page.elements) {
      if (element.elName !== 'signature' || element.config.party !== party) continue;
      const { left, top, width, height, rotate } = element.commonStyle;
      stamps.push({
        page: index + 1,
        x: left + width / 2,
        y: top + height / 2,
        width,
        height,
        rotate,
      });
    }
  });
  return stamps;
}

/**
 * A stamp sized to its seal's proportions, as the editor's core sizes it (`fitStampToImage`): as
 * large as fits in the box, centred on the box's centre (a round seal in a square box fills it; a
 * handwritten signature, wider than tall, fills a signature box's width and keeps its own height;
 * an oval is never squeezed round). A cross-page seal's slice keeps the width the slices share and
 * takes the image's proportions in height, so that the slices still tile.
 */
export function fitStamp(stamp: SealStamp, image: { width: number; height: number }): SealStamp {
  return fitStampToImage(stamp, image);
}

/**
 * The signer's identity and certificate for a session (issued on its first signature). A batch
 * prepares them once for all its contracts. A company that has digital certificates signs with
 * its active one (certificates/digital.ts: `CompanyCertificateError` when none is active and in
 * force); one that never had any, with the key the platform issues to each of its signers.
 */
export async function prepareSigner(
  context: Pick<AppContext, 'database' | 'timestamps' | 'publicUrl' | 'secrets' | 'now'>,
  session: AccessClaims,
): Promise<PreparedSigner> {
  const { database, timestamps, publicUrl, secrets } = context;
  const kind = sealKindOf(session);
  const signer = await sealSignerOf(database, session, kind);
  const [user] = await database.query<{ name: string; credit_code: string | null }>(
    `SELECT u.name, c.credit_code FROM users u LEFT JOIN companies c ON c.id = $2
      WHERE u.id = $1`,
    [session.userId, signer.kind === 'company' ? session.companyId : null],
  );
  const identity: SignerIdentity =
    signer.kind === 'personal'
      ? { id: `user:${session.userId}`, name: signer.name }
      : {
          id: `company:${session.companyId}:user:${session.userId}`,
          name: user?.name.trim() || signer.companyName,
          organisation: signer.companyName,
          organisationId: user?.credit_code?.trim() || undefined,
        };
  const company =
    signer.kind === 'company'
      ? await companySigning(database, secrets, Number(session.companyId), context.now())
      : null;
  const [credentials, validation] = await Promise.all([
    company?.credentials ?? signerCredentials(database, identity),
    validationData(database, timestamps, publicUrl),
  ]);
  return { identity, credentials, validation, companyCertificateId: company?.certificateId };
}

/** The parties to tell after a signature, and what. */
function noticeAfterSigning(
  act: Act,
  signedParty: TemplateParty,
  completed: boolean,
  receivers: Recipient[],
): { to: Recipient[]; notice: Parameters<Act['notify']>[1] } | null {
  const { contract, parties } = act;
  const what = `“${contract.name}” (${contract.number})`;
  if (completed) {
    return {
      to: [initiatorOf(contract), ...partiesOf(parties), ...receivers],
      notice: {
        en: { title: 'Contract completed', content: `Every party signed contract ${what}.` },
        zh: { title: '合同已完成', content: `合同${what}已由各方签署完成。` },
      },
    };
  }
  if (contract.signing_order !== 'sequential') return null;
  const waiting = parties.filter(
    (p) => p.signs && !p.signed_at && !p.refused_at && p.party !== signedParty,
  );
  if (waiting.length === 0) return null;
  const turn = Math.min(...waiting.map((p) => p.position));
  return {
    to: partiesOf(waiting.filter((p) => p.position === turn)),
    notice: {
      en: { title: 'Your turn to sign', content: `It is your turn to sign contract ${what}.` },
      zh: { title: '请签署合同', content: `已轮到您签署合同${what}。` },
    },
  };
}

async function receiversWithAccounts(tx: Pick<Queryable, 'query'>, contractId: number) {
  const rows = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM contract_receivers WHERE contract_id = $1 AND user_id IS NOT NULL',
    [contractId],
  );
  return rows.map((row) => ({ userId: Number(row.user_id), companyId: null }));
}

/**
 * How a signature is confirmed, inside the signing transaction (after the seal is checked): a
 * sign ticket spent (contract/sign), or a batch's item settled (batch-sign/). It gives how the
 * signer proved it was them, for the audit entry, or throws to refuse.
 */
export type ConfirmSignature = (act: Act) => Promise<SignTicketMethod>;

export interface SignAsParty {
  session: AccessClaims;
  locale: Locale;
  ip: string;
  contractId: number;
  /** The party letter the client names; by default the console's party whose turn it is. */
  party?: TemplateParty | undefined;
  sealId: string;
  confirm: ConfirmSignature;
  /** Where a stored version found missing is told (the request's log, or the job's). */
  log: FastifyBaseLogger;
  /** The session's `prepareSigner`, when the caller prepared it already (a batch, once). */
  signer?: PreparedSigner | undefined;
  /**
   * Whether the confirmation looks good before any work is drafted (a sign ticket not spent yet),
   * so that a request with a bad ticket costs no PDF work; by default it does (a batch was
   * confirmed when it was created). `confirm` still decides, in the transaction.
   */
  mayDraft?: () => Promise<boolean>;
}

/** What a signature is made on: if any of it changes, a signature made on it is not used. */
function basisOf(
  latest: ContractFile | null,
  contract: { number: string; project: TemplateProject; stamp_locations: unknown },
  party: TemplateParty,
  seal: UsableSeal,
  signer: PreparedSigner,
): string {
  return JSON.stringify([
    latest && [latest.version, latest.sha256],
    contract.number,
    contract.project,
    contract.stamp_locations,
    party,
    [seal.id, seal.sha256, seal.storageKey, seal.width, seal.height],
    signer.identity,
    signer.credentials.certificate.serialNumber,
  ]);
}

/** A signature made before the signing transaction, on what the contract was then. */
interface DraftSignature {
  basis: string;
  /** The filled document, when version 0 was not stored yet: stored with the signature. */
  base: Uint8Array | null;
  signed: SignContractResult;
}

/**
 * The PDF work of a signature — rendering the filled document, stamping, the CMS signature — done
 * before the signing transaction, so that the transaction holds the contract's row (and, on the
 * embedded database, its one connection) only for its checks and writes: other people's calls are
 * not kept waiting behind a signature's CPU work. Only for a contract the console sees, signing,
 * with exactly one open party of the console's (the one named), and a seal the session may use;
 * null otherwise, or when anything fails — the transaction then does the work itself and refuses
 * as it would have. What the transaction finds is compared with what the draft was made on
 * (`basisOf`); a draft made on anything else is dropped.
 */
async function draftSignature(
  context: Pick<AppContext, 'database' | 'storage' | 'now' | 'timestamps'>,
  session: AccessClaims,
  contractId: number,
  namedParty: TemplateParty | undefined,
  sealId: string,
  signer: PreparedSigner,
  log: FastifyBaseLogger,
): Promise<DraftSignature | null> {
  const { database, storage } = context;
  const visible = consoleContracts(session);
  const company = sealKindOf(session) === 'company';
  const [contract] = await database.query<
    FilledContract & {
      number: string;
      template_id: string | null;
      stamp_locations: unknown;
      party: TemplateParty;
      open_parties: number;
    }
  >(
    `SELECT c.tenant_id, c.document_id, c.project, c.number, c.template_id, c.stamp_locations,
       min(p.party) AS party, count(*)::int AS open_parties
     FROM contracts c
     JOIN contract_participants p ON p.contract_id = c.id AND (${consoleParty('p', company)})
       AND p.signs AND p.signed_at IS NULL AND p.refused_at IS NULL
       AND ($4::text IS NULL OR p.party = $4)
     WHERE c.id = $3 AND c.status = 'signing' AND c.removed_at IS NULL AND (${visible.where})
     GROUP BY c.id`,
    [...visible.params, contractId, namedParty ?? null],
  );
  if (!contract || contract.open_parties !== 1) return null;
  const templateId = contract.template_id === null ? null : Number(contract.template_id);
  const seal = (await signerSeals(context, database, session, templateId, contractId)).find(
    (usable) => String(usable.id) === sealId,
  );
  if (!seal) return null;
  const latest = await latestContractFile(database, contractId);
  const pdf = latest
    ? await readContractFile(storage, latest, log)
    : await renderFilledDocument(database, storage, contract);
  const signed = await signWith(context, contract, contract.party, seal, signer, pdf);
  return {
    basis: basisOf(latest, contract, contract.party, seal, signer),
    base: latest ? null : pdf,
    signed,
  };
}

/** The party's stamps with `seal` on `pdf`, signed as `signer`. */
async function signWith(
  { database, storage, timestamps }: Pick<AppContext, 'database' | 'storage' | 'timestamps'>,
  contract: { number: string; project: TemplateProject; stamp_locations: unknown },
  party: TemplateParty,
  seal: UsableSeal,
  signer: PreparedSigner,
  pdf: Uint8Array,
): Promise<SignContractResult> {
  return signContract(database, {
    pdf,
    stamps: partyStamps(contract.project, contract.stamp_locations as unknown[], party).map(
      (stamp) => fitStamp(stamp, seal),
    ),
    sealPng: await readSealImage(storage, seal.storageKey),
    signer: signer.identity,
    credentials: signer.credentials,
    validation: signer.validation,
    timestamps,
    reason: `Party ${party} signs contract ${contract.number}`,
  });
}

/**
 * Signs a contract for the session's party: the one path of every signature, single (contract/sign)
 * or batched (batch-sign/), under `actOnContract`'s row lock (see the module's comment). A party
 * that already signed is refused there ('partyAlreadySigned'), so that the same signature asked
 * twice — two windows, two batches, a batch resumed after its process died — is made once.
 */
export async function signAsParty(
  context: Pick<AppContext, 'database' | 'storage' | 'key' | 'now' | 'timestamps' | 'secrets'> &
    Partial<Pick<AppContext, 'metrics'>>,
  {
    session,
    locale,
    ip,
    contractId,
    party: namedParty,
    sealId,
    confirm,
    log,
    signer,
    mayDraft,
  }: SignAsParty,
): Promise<ContractActed> {
  const { database, storage } = context;
  // Whatever fails here is told only once the contract is known to be the session's to sign.
  const prepared: PreparedSigner | { error: unknown } =
    signer ?? (await prepareSigner(context, session).catch((error: unknown) => ({ error })));
  const draft =
    'error' in prepared || !(await (mayDraft?.() ?? true))
      ? null
      : await draftSignature(context, session, contractId, namedParty, sealId, prepared, log).catch(
          // A timestamp authority that failed the draft is not asked again inside the transaction
          // (it would hold the contract's lock for as long again): the signature fails there.
          (error: unknown) => (error instanceof TimestampError ? { failed: error } : null),
        );
  try {
    const acted = await actOnContract(
      database,
      contractId,
      'sign',
      { session, ip, party: namedParty },
      async (act) => {
        if ('error' in prepared) throw prepared.error;
        await refuseAfterDeadline(act.tx, act.contract.id);
        const party = act.party!;
        const templateId =
          act.contract.template_id === null ? null : Number(act.contract.template_id);
        // The company's flow before signing must have approved this party (approvals/).
        await requireSigningApproval(act.tx, {
          contractId: act.contract.id,
          contractCompanyId: act.contract.company_id,
          templateId,
          party: party.party,
          partyCompanyId: party.company_id,
        });
        const seal = (
          await signerSeals(context, act.tx, session, templateId, act.contract.id)
        ).find((usable) => String(usable.id) === sealId);
        if (!seal) throw new ApiError('sealNotYours', 403);
        // The company's certificate revoked or disabled since the signature was prepared signs
        // nothing more.
        if (prepared.companyCertificateId !== undefined) {
          await assertCompanyCertificateStill(act.tx, prepared.companyCertificateId, context.now());
        }
        const confirmedBy = await confirm(act);
        const { contract } = act;
        let latest = await latestContractFile(act.tx, contract.id);
        // The draft made before the transaction, when it was made on what the contract is now.
        if (draft && 'failed' in draft) throw draft.failed;
        const drafted =
          draft?.basis === basisOf(latest, contract, party.party, seal, prepared) ? draft : null;
        let pdf: Uint8Array | null = drafted ? drafted.base : null;
        if (latest) {
          if (!drafted) pdf = await readContractFile(storage, latest, log);
        } else {
          pdf ??= await renderFilledDocument(act.tx, storage, contract);
          latest = await storeContractFile(act.tx, storage, {
            tenantId: contract.tenant_id,
            contractId: contract.id,
            version: 0,
            pdf,
            sha256: sha256Of(pdf),
          });
        }
        const signed =
          drafted?.signed ?? (await signWith(context, contract, party.party, seal, prepared, pdf!));
        const version = latest.version + 1;
        await storeContractFile(act.tx, storage, {
          tenantId: contract.tenant_id,
          contractId: contract.id,
          version,
          pdf: signed.pdf,
          sha256: signed.sha256,
          party: party.party,
          signedBy: Number(session.userId),
          certificateSerial: signed.signatureInfo.certificateSerial,
        });
        // The certificate this signature was made under, so that revoking the signer's key
        // revokes it too (signing/revocation.ts). A company's own certificate signs as itself
        // (no certificate of its own per signature): revoking it is the company's, there.
        if (prepared.companyCertificateId === undefined) {
          await act.tx.query(
            `INSERT INTO signature_certificates (serial, signer_id, key_serial, contract_id)
             VALUES ($1, $2, $3, $4)`,
            [
              signed.signatureInfo.certificateSerial,
              signed.signatureInfo.signerId,
              signed.signatureInfo.keySerial,
              contract.id,
            ],
          );
        }
        await act.tx.query(
          `UPDATE contract_participants SET signed_at = now(), seal_id = $3, seal_authorization_id = $4
           WHERE contract_id = $1 AND party = $2`,
          [contract.id, party.party, seal.id, seal.authorizationId],
        );
        await act.tx.query('UPDATE seals SET used_count = used_count + 1 WHERE id = $1', [seal.id]);
        const allSigned = act.parties.every(
          (p) => !p.signs || p.signed_at !== null || p.party === party.party,
        );
        const status = act.next({ allSigned });
        await act.tx.query('UPDATE contracts SET status = $2, updated_at = now() WHERE id = $1', [
          contract.id,
          status,
        ]);
        await act.audit(
          {
            version,
            seal: {
              id: String(seal.id),
              name: seal.name,
              sha256: seal.sha256,
              authorizationId: seal.authorizationId === null ? null : String(seal.authorizationId),
            },
            signer: prepared.identity.name,
            // How the signer proved it was them (SMS code or face check): a reader of the trail
            // asks this first. Entries made before it was recorded do not say.
            confirmedBy,
            certificateSerial: signed.signatureInfo.certificateSerial,
            certificateSubject: signed.signatureInfo.certificateSubject,
            // The company's digital certificate, when it signed with its own.
            ...(prepared.companyCertificateId === undefined
              ? {}
              : { digitalCertificateId: String(prepared.companyCertificateId) }),
            signingTime: signed.signatureInfo.signingTime.toISOString(),
          },
          signed.sha256,
        );
        const completed = status === 'completed';
        const notice = noticeAfterSigning(
          act,
          party.party,
          completed,
          completed ? await receiversWithAccounts(act.tx, contract.id) : [],
        );
        if (notice) await act.notify(notice.to, notice.notice);
        return { id: String(contract.id), status, pdfSha256: signed.sha256 };
      },
    );
    // Committed: one signature more for the metrics (http/metrics.ts).
    context.metrics?.signatures.inc();
    return acted;
  } catch (error) {
    if (error instanceof PdfError) throw pdfFailure(error, locale);
    if (error instanceof SignerRevokedError) throw new ApiError('signerCertificateRevoked', 403);
    if (error instanceof CompanyCertificateError) {
      throw new ApiError(COMPANY_CERTIFICATE_REFUSALS[error.reason], 403);
    }
    if (error instanceof TimestampError) {
      log.warn({ err: error }, 'the timestamp authority failed a signature');
      const text = error.reason === 'unreachable' ? 'timestampUnavailable' : 'timestampRefused';
      throw new ApiError(text, 503, 503, { reason: error.reason });
    }
    throw error;
  }
}

/** contract/sign for a session (see the module's comment): confirmed by a ticket, spent. */
export async function signContractFor(
  context: Pick<AppContext, 'database' | 'storage' | 'key' | 'now' | 'timestamps' | 'secrets'> &
    Partial<Pick<AppContext, 'metrics'>>,
  { session, locale, ip, body, log }: SignRequest,
): Promise<ContractActed> {
  const { database, key } = context;
  const holder = {
    tenantId: session.tenantId,
    contractId: body.id,
    userId: Number(session.userId),
  };
  try {
    return await signAsParty(context, {
      session,
      locale,
      ip,
      contractId: body.id,
      party: body.party,
      sealId: body.sealId,
      log,
      mayDraft: () => signTicketIsGood(database, key, holder, body.ticket),
      confirm: async (act) => {
        const confirmedBy = await spendSignTicket(act.tx, key, holder, body.ticket);
        if (!confirmedBy) throw new ApiError('signTicketInvalid', 403);
        return confirmedBy;
      },
    });
  } catch (error) {
    // Signed a moment ago by another session of the party: this one's ticket was never spent.
    if (
      error instanceof ApiError &&
      error.text === 'partyAlreadySigned' &&
      (await signTicketIsGood(database, key, holder, body.ticket))
    ) {
      throw new ApiError('signedConcurrently', 409);
    }
    throw error;
  }
}
