/**
 * Confirming a signature (spec 000 §4, contractedit): the signer proves it holds its phone (an SMS
 * code, base/sendAuthCode and validateAuthCode) or its face (base/getFaceUrl and getFaceResult),
 * and gets a sign ticket: signing that contract once, as that user, within `SIGN_TICKET_MS`.
 * contract/sign spends it in its own transaction. Tickets are kept keyed-hashed (`sign_tickets`,
 * migration 13); the ticket itself is only ever in the answer.
 *
 * Each call first checks that the session may sign the contract now (`actOnContract`'s rules for
 * 'sign': visibility, status, its own party, its turn), so that a stranger learns nothing and no
 * code is sent or spent for a signature that could not happen.
 */
import { randomBytes } from 'node:crypto';
import {
  PATHS,
  SIGN_TICKET_MS,
  contractQuery,
  faceResultQuery,
  sendAuthCodeQuery,
  validateAuthCodeBody,
  type AuthCodeSent,
  type FaceCheckResult,
  type FaceCheckStarted,
  type SignTicket,
  type AuthPurpose,
  type TemplateParty,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { keyedHash } from '../keyed-hash';
import { requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import { actOnContract, type ActedParty } from './act';
import { SIGN_EXAMPLES } from './sign-examples';

type Sql = Pick<Queryable, 'query'>;

/** How a ticket was earned. */
export type SignTicketMethod = 'sms' | 'face';

/** Who a ticket lets do what on which contract. */
export interface TicketHolder {
  tenantId: string;
  contractId: number;
  userId: number;
  /**
   * What the ticket is for: signing (the default) or agreeing to rescind. A ticket is only good
   * for its purpose: a signing confirmation never agrees to end the contract, nor the reverse.
   */
  purpose?: AuthPurpose;
}

/** The stored hash of a ticket: its purpose is in it, so that it is spent for nothing else. */
const ticketHash = (key: Uint8Array, holder: TicketHolder, ticket: string) =>
  keyedHash(key, 'sign-ticket', holder.purpose ?? 'sign', ticket);
const faceTokenHash = (key: Uint8Array, token: string) => keyedHash(key, 'face-token', token);

/**
 * The session's party that may act on contract `id` now for `purpose` (sign, or agree to rescind),
 * by `actOnContract`'s rules for that action (404 for a contract the console does not see; the
 * table's refusal; not its party; not its turn). Changes nothing.
 */
export function signingPartyOf(
  database: Database,
  session: AccessClaims,
  ip: string,
  id: number,
  purpose: AuthPurpose = 'sign',
  party?: TemplateParty,
): Promise<ActedParty> {
  return actOnContract(database, id, purpose, { session, ip, party }, async (act) => {
    if (purpose === 'sign') await refuseAfterDeadline(act.tx, act.contract.id);
    return act.party!;
  });
}

/**
 * Refuses a signature once the contract's signing deadline has passed, even before the deadline
 * job has expired it (it does within a minute): a signature then would count after the deadline.
 */
export async function refuseAfterDeadline(
  tx: Pick<Queryable, 'query'>,
  contractId: number,
): Promise<void> {
  const [timing] = await tx.query<{ past: boolean }>(
    'SELECT signing_deadline <= now() AS past FROM contracts WHERE id = $1',
    [contractId],
  );
  if (timing?.past) throw new ApiError('contractExpired', 409);
}

/**
 * Issues a sign ticket to `holder`, forgetting the holder's expired ones for that contract (they
 * serve nothing: the audit trail, not the tickets, records what was signed).
 */
export async function issueSignTicket(
  sql: Sql,
  key: Uint8Array,
  holder: TicketHolder,
  method: SignTicketMethod,
): Promise<SignTicket> {
  await sql.query(
    'DELETE FROM sign_tickets WHERE contract_id = $1 AND user_id = $2 AND expires_at < now()',
    [holder.contractId, holder.userId],
  );
  const ticket = randomBytes(24).toString('base64url');
  const [row] = await sql.query<{ expires_at: Date | string }>(
    `INSERT INTO sign_tickets (ticket_hash, tenant_id, contract_id, user_id, method, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING expires_at`,
    [
      ticketHash(key, holder, ticket),
      holder.tenantId,
      holder.contractId,
      holder.userId,
      method,
      SIGN_TICKET_MS / 1000,
    ],
  );
  return { ticket, expiresAt: new Date(row!.expires_at).toISOString() };
}

/**
 * Spends a ticket in the caller's transaction: how it was earned when it was `holder`'s for that
 * contract, unused and unexpired (it is then used, unless the transaction rolls back), else null.
 */
export async function spendSignTicket(
  tx: Sql,
  key: Uint8Array,
  holder: TicketHolder,
  ticket: string,
): Promise<SignTicketMethod | null> {
  const [spent] = await tx.query<{ method: SignTicketMethod }>(
    `UPDATE sign_tickets SET used_at = now()
     WHERE ticket_hash = $1 AND tenant_id = $2 AND contract_id = $3 AND user_id = $4
       AND used_at IS NULL AND expires_at > now() RETURNING method`,
    [ticketHash(key, holder, ticket), holder.tenantId, holder.contractId, holder.userId],
  );
  return spent?.method ?? null;
}

/** Whether a ticket is still good (unused, unexpired, `holder`'s), without spending it. */
export async function signTicketIsGood(
  sql: Sql,
  key: Uint8Array,
  holder: TicketHolder,
  ticket: string,
): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 FROM sign_tickets
     WHERE ticket_hash = $1 AND tenant_id = $2 AND contract_id = $3 AND user_id = $4
       AND used_at IS NULL AND expires_at > now()`,
    [ticketHash(key, holder, ticket), holder.tenantId, holder.contractId, holder.userId],
  );
  return rows.length > 0;
}

/** A phone as an answer may show it: 138****0000. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

async function signerAccount(
  database: Database,
  session: AccessClaims,
): Promise<{ phone: string; name: string }> {
  const [user] = await database.query<{ phone: string; name: string }>(
    'SELECT phone, name FROM users WHERE id = $1 AND tenant_id = $2',
    [session.userId, session.tenantId],
  );
  if (!user) throw new ApiError('loginExpired', 401);
  return user;
}

const holderOf = (
  session: AccessClaims,
  contractId: number,
  purpose: AuthPurpose = 'sign',
): TicketHolder => ({
  tenantId: session.tenantId,
  contractId,
  userId: Number(session.userId),
  purpose,
});

/** How long a face check may take before getFaceResult stops asking about it. */
const FACE_CHECK_MS = SIGN_TICKET_MS;

/** base/sendAuthCode, validateAuthCode, getFaceUrl and getFaceResult. */
export function authCodeRoutes(app: FastifyInstance, context: AppContext): void {
  const { database, key } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.contractSendAuthCode,
    example: SIGN_EXAMPLES.sendAuthCode,
    summary:
      'Sends an SMS code to the signer’s own phone for signing the contract, or with purpose=rescind for agreeing to rescind it (once a minute; the answer masks the phone and says when another may be sent)',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    rateLimited: SMS_CODE_RATE_LIMIT,
    query: sendAuthCodeQuery,
    handler: async ({ session, query, request }): Promise<AuthCodeSent> => {
      await signingPartyOf(database, session, request.ip, query.id, query.purpose);
      const { phone } = await signerAccount(database, session);
      const sent = await sendCode(
        context,
        { tenantId: session.tenantId, phone, purpose: 'sign' },
        request.ip,
      );
      return { phone: maskPhone(phone), resendAfterSeconds: sent.resendAfter };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractValidateAuthCode,
    example: SIGN_EXAMPLES.validateAuthCode,
    summary:
      'Checks the SMS code of sendAuthCode and answers a sign ticket: contract/sign (or, with purpose=rescind, contract/signUnsubscribe) of that contract, once, by this user, within 10 minutes',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    body: validateAuthCodeBody,
    handler: async ({ session, body, request }): Promise<SignTicket> => {
      await signingPartyOf(database, session, request.ip, body.id, body.purpose);
      const { phone } = await signerAccount(database, session);
      await requireCode(
        context,
        { tenantId: session.tenantId, phone, purpose: 'sign' },
        body.code,
        { spend: true },
      );
      return issueSignTicket(database, key, holderOf(session, body.id, body.purpose), 'sms');
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractFaceUrl,
    example: SIGN_EXAMPLES.faceUrl,
    summary:
      'Starts a face check of the signer for signing the contract: the provider’s page to open and the token getFaceResult asks with (development: true for the development provider, which checks no face)',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: contractQuery,
    handler: async ({ session, query, request }): Promise<FaceCheckStarted> => {
      const face = context.face;
      if (!face) throw new ApiError('faceUnavailable', 409);
      await signingPartyOf(database, session, request.ip, query.id);
      const person = await signerAccount(database, session);
      const started = await face.start(person);
      const faceToken = randomBytes(24).toString('base64url');
      await database.query(
        `INSERT INTO face_checks (token_hash, tenant_id, contract_id, user_id, provider, reference,
           expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [
          faceTokenHash(key, faceToken),
          session.tenantId,
          query.id,
          session.userId,
          face.name,
          started.reference,
          FACE_CHECK_MS / 1000,
        ],
      );
      return { url: started.url, faceToken, development: face.development };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractFaceResult,
    example: SIGN_EXAMPLES.faceResult,
    summary:
      'How the face check of getFaceUrl stands: pending, failed, or passed with a sign ticket (given once)',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: faceResultQuery,
    handler: async ({ session, query, request }): Promise<FaceCheckResult> => {
      const face = context.face;
      if (!face) throw new ApiError('faceUnavailable', 409);
      await signingPartyOf(database, session, request.ip, query.id);
      const hash = faceTokenHash(key, query.faceToken);
      const [check] = await database.query<{
        provider: string;
        reference: string;
        outcome: 'passed' | 'failed' | null;
        ticket_issued_at: Date | null;
      }>(
        `SELECT provider, reference, outcome, ticket_issued_at FROM face_checks
         WHERE token_hash = $1 AND tenant_id = $2 AND contract_id = $3 AND user_id = $4
           AND expires_at > now()`,
        [hash, session.tenantId, query.id, session.userId],
      );
      // Another user's, another contract's, an expired or a made-up token: as if it never was.
      if (!check || check.ticket_issued_at || check.provider !== face.name) {
        throw new ApiError('signTicketInvalid', 409);
      }
      const outcome = check.outcome ?? (await face.outcome(check.reference));
      if (outcome === 'pending') return { state: 'pending' };
      if (outcome === 'failed') {
        await database.query(
          "UPDATE face_checks SET outcome = 'failed' WHERE token_hash = $1 AND outcome IS NULL",
          [hash],
        );
        return { state: 'failed' };
      }
      return database.transaction(async (tx) => {
        const claimed = await tx.query(
          `UPDATE face_checks SET outcome = 'passed', ticket_issued_at = now()
           WHERE token_hash = $1 AND ticket_issued_at IS NULL RETURNING 1`,
          [hash],
        );
        // Two polls at once: the first gets the ticket.
        if (claimed.length === 0) throw new ApiError('signTicketInvalid', 409);
        const ticket = await issueSignTicket(tx, key, holderOf(session, query.id), 'face');
        return { state: 'passed', ...ticket };
      });
    },
  });
}
