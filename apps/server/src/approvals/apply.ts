/**
 * contract/applySigning (issue 30): the company's signer — a member of the company whose party of
 * the contract signs and has not signed — asks for the approval the company needs before it
 * signs, through `actOnContract`'s `apply_signing` (404 for a contract the console does not see,
 * 409 with the table's reason outside `signing`, 403 without an open party of the console). The
 * approval is the template's `beforeSign` flow (`because` 'workflow') while that flow has not
 * approved this party, or, when the signer may use none of the company's seals for the contract,
 * an approval with no nodes that the company's administrators decide (`because` 'seal'); with
 * neither, 409 'approvalNotRequired'. The contract moves to `approving`.
 */
import { PERSONAL_CONSOLE_ID, type applySigningBody, type SigningApplied } from '@esign/platform';
import type { z } from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { actOnContract } from '../contracts/act';
import { ApiError } from '../http/route';
import { startApproval } from './approvals';
import { signingNeed } from './need';

/** contract/applySigning for a session (see the module's comment). */
export async function applySigning(
  context: Pick<AppContext, 'database' | 'now'>,
  session: AccessClaims,
  body: z.output<typeof applySigningBody>,
  ip: string,
): Promise<SigningApplied> {
  if (session.companyId === PERSONAL_CONSOLE_ID) {
    throw new ApiError('companyConsoleRequired', 400);
  }
  return actOnContract(
    context.database,
    body.id,
    'apply_signing',
    { session, ip, party: body.party },
    async (act) => {
      const party = act.party!;
      if (!party.signs || String(party.company_id) !== String(session.companyId)) {
        throw new ApiError('notYourParty', 403);
      }
      const need = await signingNeed(act.tx, context, session, act.contract, party.party);
      if (!need) throw new ApiError('approvalNotRequired', 409);
      const { because, flow } = need;
      const status = act.next();
      await act.tx.query('UPDATE contracts SET status = $2, updated_at = now() WHERE id = $1', [
        act.contract.id,
        status,
      ]);
      const approvalId = await startApproval(act.tx, {
        tenantId: session.tenantId,
        companyId: session.companyId,
        contract: {
          id: act.contract.id,
          tenantId: session.tenantId,
          name: act.contract.name,
          number: act.contract.number,
        },
        type: 'beforeSign',
        because,
        flow,
        applicantUserId: Number(session.userId),
        party: party.party,
        comment: body.comment ?? '',
      });
      await act.audit({
        approvalId: String(approvalId),
        because,
        workflow: flow?.name ?? null,
        comment: body.comment ?? '',
        status,
      });
      return {
        approvalId: String(approvalId),
        contractStatus: status,
        byAdministrator: flow === null,
      };
    },
  );
}
