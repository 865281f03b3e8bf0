/**
 * The seals a session may sign a contract with (seal/listContractSeal): the managed seals of
 * `seals/usable.ts` for this contract's template on the server's day. A party is the console's own
 * (`consoleParty`): in the personal console a person party, signed with one of the person's
 * seals; in a company console the company's party, signed with a company seal the member may use.
 * A seal's id is its row's id; contract/sign asks `usableSeals` again inside its transaction, so
 * that an id the client made up, another company's seal, a disused one or one whose authorisation
 * has ended is refused ('sealNotYours').
 */
import {
  PERSONAL_CONSOLE_ID,
  sealDay,
  type ContractSeal,
  type TemplateParty,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import { ApiError } from '../http/route';
import { ensureDefaultCompanySeal } from '../seals/company';
import { ensureDefaultPersonalSeal } from '../seals/personal';
import { sealSignerOf, type SealKind } from '../seals/signer';
import { sealImageUrl } from '../seals/store';
import { usableSeals, type UsableSeal } from '../seals/usable';
import { consoleContracts, consoleParty } from './console-contracts';

/** The kind of seal the session's console signs with. */
export function sealKindOf(session: AccessClaims): SealKind {
  return session.companyId === PERSONAL_CONSOLE_ID ? 'personal' : 'company';
}

/**
 * Makes sure a signer has a seal to offer before the seals are listed: a verified person with no
 * seal gets their name seal, a verified company with none its contract seal (as the seal pages
 * do). The signer's own refusals (real name or company not verified, not a member) come first.
 */
export async function prepareSignerSeals(
  context: AppContext,
  session: AccessClaims,
): Promise<void> {
  const kind = sealKindOf(session);
  await sealSignerOf(context.database, session, kind);
  if (kind === 'personal') {
    await ensureDefaultPersonalSeal(context, session.tenantId, Number(session.userId));
  } else {
    await ensureDefaultCompanySeal(context, session.tenantId, session.companyId);
  }
}

/**
 * The seals the session may use for a contract made from `templateId`, today; with `contractId`,
 * also the company's seals an approved signing approval of that contract lets the session use
 * (a member without a seal authorisation whom the administrator approved, approvals/).
 */
export function signerSeals(
  context: Pick<AppContext, 'now'>,
  db: Parameters<typeof usableSeals>[0],
  session: AccessClaims,
  templateId: number | null,
  contractId?: number,
): Promise<UsableSeal[]> {
  return usableSeals(db, session, { templateId, day: sealDay(context.now()), contractId });
}

/**
 * seal/listContractSeal: for each party of the contract that is the console's own and signs (only
 * `party`, when named), not yet signed or refused, every seal the session may use for it; the
 * first of each party is its default. An empty list means the session holds no seal it may use
 * here (a member without an authorisation). 404 for a contract the console does not see; 403
 * ('notYourParty') when it holds no such party; the signer's own refusals (real name or company
 * not verified) as `sealSignerOf` gives them.
 */
export async function contractSeals(
  context: AppContext,
  session: AccessClaims,
  id: number,
  party: TemplateParty | undefined,
): Promise<ContractSeal[]> {
  const { database } = context;
  await sessionConsole(database, session);
  const visible = consoleContracts(session);
  const kind = sealKindOf(session);
  const [contract] = await database.query<{ template_id: string | null }>(
    `SELECT c.template_id FROM contracts c WHERE c.id = $3 AND (${visible.where})`,
    [...visible.params, id],
  );
  if (!contract) throw new ApiError('notFound', 404);
  const parties = await database.query<{ party: TemplateParty }>(
    `SELECT p.party FROM contract_participants p
     WHERE p.contract_id = $1 AND (${consoleParty('p', kind === 'company')}) AND p.signs
       AND p.signed_at IS NULL AND p.refused_at IS NULL AND ($3::text IS NULL OR p.party = $3)
     ORDER BY p.position, p.party`,
    [id, kind === 'company' ? session.companyId : session.userId, party ?? null],
  );
  if (parties.length === 0) throw new ApiError('notYourParty', 403);
  await prepareSignerSeals(context, session);
  const templateId = contract.template_id === null ? null : Number(contract.template_id);
  const seals = await signerSeals(context, database, session, templateId, id);
  return parties.flatMap((row) =>
    seals.map((seal, index) => ({
      id: String(seal.id),
      kind,
      name: seal.name,
      party: row.party,
      imageUrl: sealImageUrl(seal.imageId),
      default: index === 0,
    })),
  );
}
