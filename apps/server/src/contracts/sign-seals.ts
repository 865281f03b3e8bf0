/**
 * The seals a session may sign a contract with (seal/listContractSeal), until seal management
 * lands: the generated seals of `seals/`. A party is the console's own (`consoleParty`): in the
 * personal console a person party, which signs with the person's name seal; in a company console
 * the company's party, which signs with the company's round seal. A seal's id is derived from the
 * session alone (`personal:<user>`, `company:<company>`), and contract/sign derives it again: an id
 * the client made up, or another company's, is refused ('sealNotYours').
 */
import {
  PERSONAL_CONSOLE_ID,
  apiPath,
  type ContractSeal,
  type TemplateParty,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { Database } from '../db';
import { ApiError } from '../http/route';
import type { SealSigner } from '../seals/seal-image';
import { sealSignerOf, type SealKind } from '../seals/signer';
import { consoleContracts, consoleParty } from './console-contracts';

/** The kind of seal the session's console signs with. */
export function sealKindOf(session: AccessClaims): SealKind {
  return session.companyId === PERSONAL_CONSOLE_ID ? 'personal' : 'company';
}

/** The id of the one seal the session may sign with, derived from the session. */
export function sealIdOf(session: AccessClaims): string {
  return sealKindOf(session) === 'personal'
    ? `personal:${session.userId}`
    : `company:${session.companyId}`;
}

/** The seal's name as shown: the person's or the company's. */
export function sealNameOf(signer: SealSigner): string {
  return signer.kind === 'personal' ? signer.name : signer.companyName;
}

/**
 * seal/listContractSeal: one seal per party of the contract that is the console's own and signs
 * (only `party`, when named), not yet signed or refused. 404 for a contract the console does not
 * see; 403 ('notYourParty') when it holds no such party; the seal's own refusals (real name or
 * company not verified) as `sealSignerOf` gives them.
 */
export async function contractSeals(
  database: Database,
  session: AccessClaims,
  id: number,
  party: TemplateParty | undefined,
): Promise<ContractSeal[]> {
  await sessionConsole(database, session);
  const visible = consoleContracts(session);
  const kind = sealKindOf(session);
  const [contract] = await database.query(
    `SELECT 1 FROM contracts c WHERE c.id = $3 AND (${visible.where})`,
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
  const signer = await sealSignerOf(database, session, kind);
  const imageUrl = `${apiPath('sealPreview')}?kind=${kind}`;
  // One seal per party for now, so each is its party's default.
  return parties.map((row) => ({
    id: sealIdOf(session),
    kind,
    name: sealNameOf(signer),
    party: row.party,
    imageUrl,
    default: true,
  }));
}
