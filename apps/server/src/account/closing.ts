/**
 * Closing one's account (spec 000 §7 blade-user/unsubscribe/send; issue 30). What is removed and
 * what is kept, and why, is in account/CONTEXT.md and the README.
 */
import {
  ACCOUNT_CLOSING_CODE_PURPOSE,
  ACCOUNT_CLOSING_EXAMPLES,
  PATHS,
  UNFINISHED_CONTRACT_STATUSES,
  accountClosingBody,
  type AccountClosingBlocked,
  type CodeSent,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { endUserSessions } from '../auth/sessions';
import type { AccessClaims } from '../auth/tokens';
import { closedPhoneHash, signedInUser } from '../auth/users';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { requireCode, sendCode } from '../sms/codes';

type Sql = Pick<Queryable, 'query'>;

/**
 * How many contracts the user still has to finish: unfinished (filling, approving, signing) ones
 * they initiated or are a party to (bound to their account, or sent to their phone before it was).
 */
export async function unfinishedContractsOfUser(
  sql: Sql,
  user: { id: number; tenantId: string; phone: string },
): Promise<number> {
  const [row] = await sql.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM contracts c
     WHERE c.tenant_id = $2 AND c.status = ANY($4::text[])
       AND (c.initiator_user_id = $1
         OR EXISTS (SELECT 1 FROM contract_participants p
                    WHERE p.contract_id = c.id
                      AND (p.user_id = $1 OR (p.user_id IS NULL AND p.phone = $3))))`,
    [user.id, user.tenantId, user.phone, [...UNFINISHED_CONTRACT_STATUSES]],
  );
  return Number(row?.count ?? 0);
}

/** The companies (not written off) the user is a member of, active or forbidden. */
async function companiesOf(sql: Sql, userId: number): Promise<string[]> {
  const rows = await sql.query<{ full_name: string }>(
    `SELECT c.full_name FROM company_members m JOIN companies c ON c.id = m.company_id
     WHERE m.user_id = $1 AND c.written_off_at IS NULL ORDER BY c.full_name`,
    [userId],
  );
  return rows.map((row) => row.full_name);
}

/**
 * Refuses (409) closing while the user belongs to a company ('The user is associated with an
 * enterprise': the company's contracts and seals name its members, and an administrator must
 * hand the role on first) or has unfinished contracts ('The user to be processed contract is not
 * processed'); `data` says which companies, or how many contracts.
 */
async function assertClosable(
  sql: Sql,
  user: { id: number; tenantId: string; phone: string },
): Promise<void> {
  const companies = await companiesOf(sql, user.id);
  if (companies.length > 0) {
    const data: AccountClosingBlocked = { companies, unfinishedContracts: 0 };
    throw new ApiError('userInEnterprise', 409, 409, data);
  }
  const unfinished = await unfinishedContractsOfUser(sql, user);
  if (unfinished > 0) {
    const data: AccountClosingBlocked = { companies: [], unfinishedContracts: unfinished };
    throw new ApiError('userHasUnfinishedContracts', 409, 409, data);
  }
}

/**
 * Closes the account in one transaction holding the user's row: checks again that nothing blocks
 * it, removes the personal data no contract needs, frees the phone, records the closing and ends
 * every session at once.
 */
export async function closeAccount(
  context: Pick<AppContext, 'database' | 'key'>,
  session: AccessClaims,
  reason: string,
): Promise<void> {
  const { database, key } = context;
  const userId = Number(session.userId);
  await database.transaction(async (tx) => {
    const [locked] = await tx.query<{ phone: string; closed_at: Date | null }>(
      'SELECT phone, closed_at FROM users WHERE id = $1 AND tenant_id = $2 FOR UPDATE',
      [userId, session.tenantId],
    );
    if (!locked || locked.closed_at) throw new ApiError('loginExpired', 401);
    const user = { id: userId, tenantId: session.tenantId, phone: locked.phone };
    await assertClosable(tx, user);
    await tx.query(
      `INSERT INTO closed_accounts (user_id, tenant_id, phone_hash, reason) VALUES ($1, $2, $3, $4)`,
      [userId, session.tenantId, closedPhoneHash(key, session.tenantId, locked.phone), reason],
    );
    // The row stays (contracts, their parties and the audit trail's hashed entries name its id);
    // what identifies the person goes. `closed:<id>` frees the number for a new registration.
    await tx.query(
      `UPDATE users SET phone = 'closed:' || id, name = '', password_hash = NULL,
         real_name_verified = false, platform_operator = false, closed_at = now()
       WHERE id = $1`,
      [userId],
    );
    for (const table of [
      'real_name_identities',
      'real_name_face_checks',
      'real_name_reviews',
      'user_addresses',
      'user_avatars',
      'messages',
      'contract_fill_drafts',
      // The personal console's counterpart book: other people's names and numbers kept for them.
      'counterparts',
      // The hardware keys registered to log in with: their certificates name the person.
      'hardware_keys',
    ]) {
      await tx.query(`DELETE FROM ${table} WHERE ${userColumn(table)} = $1`, [userId]);
    }
    // The signer's private key: no signature can be made in this name again. The certificates
    // already inside signed PDFs are what readers verify; they do not need this row.
    await tx.query(`DELETE FROM signer_certificates WHERE signer_id = $1 OR signer_id LIKE $2`, [
      `user:${userId}`,
      `company:%:user:${userId}`,
    ]);
    // Personal seals no contract was signed with (those that were stay: a party's row names them).
    await tx.query(
      `DELETE FROM seals s WHERE s.owner_user_id = $1
         AND NOT EXISTS (SELECT 1 FROM contract_participants p WHERE p.seal_id = s.id)`,
      [userId],
    );
    await tx.query('DELETE FROM sms_codes WHERE tenant_id = $1 AND phone = $2', [
      session.tenantId,
      locked.phone,
    ]);
    await endUserSessions(tx, userId, 'accountClosed');
  });
}

/** The column naming the user in a table `closeAccount` clears. */
function userColumn(table: string): string {
  if (table === 'contract_fill_drafts') return 'saved_by';
  return table === 'counterparts' ? 'owner_user_id' : 'user_id';
}

/**
 * blade-user/unsubscribe/send-msg (designed here: the spec names no code call for closing) and
 * blade-user/unsubscribe/send.
 */
export function closingRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.sendAccountClosingCode,
    summary:
      "Sends the code that confirms closing the account to the user's own phone; refused (409) while the user belongs to a company or has unfinished contracts (not in the spec)",
    tag: 'blade-user',
    permission: 'signedIn',
    handler: async ({ session, request }): Promise<CodeSent> => {
      const { phone } = await signedInUser(database, session);
      await assertClosable(database, {
        id: Number(session.userId),
        tenantId: session.tenantId,
        phone,
      });
      const target = {
        tenantId: session.tenantId,
        phone,
        purpose: ACCOUNT_CLOSING_CODE_PURPOSE,
      } as const;
      return sendCode(context, target, request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.accountClose,
    example: ACCOUNT_CLOSING_EXAMPLES.accountClose,
    summary:
      "Closes the signed-in user's account with a reason and the code of send-msg: refused (409) while the user belongs to a company ('The user is associated with an enterprise') or has unfinished contracts ('The user to be processed contract is not processed'); every session ends at once, the phone is freed, the signed contracts stay intact",
    tag: 'blade-user',
    permission: 'signedIn',
    body: accountClosingBody,
    handler: async ({ session, body }) => {
      const { phone } = await signedInUser(database, session);
      await assertClosable(database, {
        id: Number(session.userId),
        tenantId: session.tenantId,
        phone,
      });
      await requireCode(
        context,
        { tenantId: session.tenantId, phone, purpose: ACCOUNT_CLOSING_CODE_PURPOSE },
        body.code,
        { spend: true },
      );
      await closeAccount(context, session, body.reason);
      return null;
    },
  });
}
