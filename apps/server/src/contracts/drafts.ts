/**
 * A party's values kept as it fills them in (contract/saveDraft; not in the specification, which
 * keeps values only when contract/write sends them): a signer who leaves halfway — a phone locked,
 * a call, another device — finds what they typed when they come back. contract/detail gives the
 * drafts of the session console's parties that may still fill; contract/write removes the party's
 * draft with the values it stores.
 *
 * Saving goes through `actOnContract` as a fill would (the contract visible to the console, its
 * status allowing a fill, the console's own party that fills and has not, not locked by another
 * member), and writes no audit entry and no message: nothing is decided until contract/write.
 * Only the party's own text, date and image fields may be named ('fieldNotYours',
 * 'templateFieldNotFound'); values are kept as typed, the template's rules apply at contract/write.
 */
import type { ContractDraftSaved, ContractFillDraft, TemplateParty } from '@esign/platform';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import type { LifeRequest } from './life';
import { actOnContract } from './act';
import { PARTY_FIELD_RULES } from './field-values';

/** contract/saveDraft: keeps `values` as the party's draft, replacing the one before. */
export async function saveDraft(
  database: Database,
  body: { id: number; party?: TemplateParty | undefined; values: Record<string, string> },
  { session, ip }: LifeRequest,
): Promise<ContractDraftSaved> {
  return actOnContract(
    database,
    body.id,
    'fill',
    { session, ip, party: body.party },
    async (act) => {
      const party = act.party!;
      const elements = new Map(
        act.contract.project.pages.flatMap((page) =>
          page.elements.map((element) => [element.uuid, element]),
        ),
      );
      for (const uuid of Object.keys(body.values)) {
        const element = elements.get(uuid);
        if (!element) {
          throw new ApiError('templateFieldNotFound', 400, 400, { elementUuid: uuid, title: null });
        }
        if (
          element.config.party !== party.party ||
          !(PARTY_FIELD_RULES.kinds as readonly string[]).includes(element.elName)
        ) {
          throw new ApiError(PARTY_FIELD_RULES.notYours, 400, 400, {
            elementUuid: uuid,
            title: element.title,
          });
        }
      }
      const [saved] = await act.tx.query<{ saved_at: Date }>(
        `INSERT INTO contract_fill_drafts (contract_id, party, draft, saved_by)
         VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (contract_id, party) DO UPDATE
           SET draft = EXCLUDED.draft, saved_by = EXCLUDED.saved_by, saved_at = now()
         RETURNING saved_at`,
        [act.contract.id, party.party, JSON.stringify(body.values), session.userId],
      );
      return { savedAt: new Date(saved!.saved_at).toISOString() };
    },
  );
}

/** The drafts of `parties` of contract `id` (those that may still fill: the caller decides). */
export async function draftsOf(
  database: Pick<Queryable, 'query'>,
  id: number,
  parties: readonly TemplateParty[],
): Promise<ContractFillDraft[]> {
  if (parties.length === 0) return [];
  const rows = await database.query<{
    party: TemplateParty;
    draft: Record<string, string>;
    saved_at: Date;
  }>(
    `SELECT party, draft, saved_at FROM contract_fill_drafts
     WHERE contract_id = $1 AND party = ANY($2::text[]) ORDER BY party`,
    [id, [...parties]],
  );
  return rows.map((row) => ({
    party: row.party,
    values: row.draft,
    savedAt: new Date(row.saved_at).toISOString(),
  }));
}

/** contract/write: the party's draft goes with the values it sends (same transaction). */
export async function dropDraft(tx: Queryable, id: number, party: TemplateParty): Promise<void> {
  await tx.query('DELETE FROM contract_fill_drafts WHERE contract_id = $1 AND party = $2', [
    id,
    party,
  ]);
}
