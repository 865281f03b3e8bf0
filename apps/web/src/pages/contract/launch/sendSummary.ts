/**
 * What the initiator confirms before a contract goes out: the parties in the order they sign, the
 * deadline, the copy recipients and the fields each party fills in or signs. Pure, so that the
 * dialog and its tests read the same thing.
 */
import type { SigningOrder } from '@esign/platform';
import { ELEMENT_MODELS, type TemplateProject } from '@esign/template-editor/core';
import type { LaunchDetails, LaunchPartyValues, LaunchReceiverValues } from './launchForm';

/** One party as the summary lists it, with its fields by what it does with them. */
export interface SummaryParty extends LaunchPartyValues {
  /**
   * 1-based place in the signing order when the parties sign in turn (among those that sign);
   * null when all sign at once or the party does not sign.
   */
  turn: number | null;
  /** The titles of the fields it fills in (text, date, picture), in page order. */
  fills: string[];
  /** The titles of its seals and signatures, each seal once however many pages carry it. */
  signs: string[];
}

export interface SendSummary {
  signingOrder: SigningOrder;
  deadline: Date | null;
  parties: SummaryParty[];
  receivers: LaunchReceiverValues[];
}

/**
 * The summary of `details` and the document's `project` (null when no field is known, e.g. a
 * template whose fields the server keeps). Parties signing in turn are listed A, B, C…, the order
 * contract/create gives them; a seal on every page, or across pages, is one field.
 */
export function sendSummary(details: LaunchDetails, project: TemplateProject | null): SendSummary {
  const sequential = details.signingOrder === 'sequential';
  const ordered = [...details.participants].sort((a, b) => a.party.localeCompare(b.party));
  const fields = new Map<string, { fills: string[]; signs: string[] }>();
  const seen = new Set<string>();
  for (const page of project?.pages ?? []) {
    for (const element of page.elements) {
      const field = element.config.sealGroup || element.uuid;
      if (seen.has(field)) continue;
      seen.add(field);
      const own = fields.get(element.config.party) ?? { fills: [], signs: [] };
      const role = ELEMENT_MODELS[element.elName].role;
      (role === 'sign' ? own.signs : own.fills).push(element.title);
      fields.set(element.config.party, own);
    }
  }
  let turn = 0;
  return {
    signingOrder: details.signingOrder,
    deadline: details.signingDeadline,
    parties: ordered.map((party) => {
      const own = fields.get(party.party) ?? { fills: [], signs: [] };
      const signs = project === null || own.signs.length > 0;
      return {
        ...party,
        turn: sequential && signs ? ++turn : null,
        fills: own.fills,
        signs: own.signs,
      };
    }),
    receivers: details.receivers.filter(
      (receiver) => receiver.name?.trim() || receiver.phone?.trim(),
    ),
  };
}
