/**
 * What the initiating screens do with their form, as pure functions: the parties a new contract
 * starts with, the form's values turned into contract/create's body (from a document with the
 * project placed on it, or from a template with the initiator's values), the initiator's own
 * parties and fields, and a refusal of the server placed on the field it is about.
 */
import {
  PARTICIPANT_NAME_MAX,
  blacklistedPartyText,
  type Locale,
  PERSONAL_CONSOLE_ID,
  TEMPLATE_PARTIES,
  type AgreementType,
  type ContractCreateBody,
  type ContractPartyInput,
  type ContractReceiverInput,
  type PartyKind,
  type SigningOrder,
  type TemplateParticipant,
  type TemplateParty,
} from '@esign/platform';
// Types only: the editor's code stays in the chunk of the step that shows it.
import type { TemplateElement, TemplateProject } from '@esign/template-editor';

/** Why the session may not initiate now, or null when it may. */
export type LaunchBlock = 'realName' | 'authority' | null;

/**
 * Whether the user may initiate (spec 000 §6): real-name verified first, then launchAuth, and in a
 * company console a verified company (what the server checks again at contract/create). An
 * unknown company standing (its list not read) lets the server decide.
 */
export function launchBlock(
  user: { authStep: string; launchAuth: boolean },
  companyId: number,
  companyVerified: boolean | undefined,
): LaunchBlock {
  if (user.authStep === 'NOT') return 'realName';
  if (!user.launchAuth) return 'authority';
  if (companyId !== PERSONAL_CONSOLE_ID && companyVerified === false) return 'authority';
  return null;
}

/** A signing party as the form holds it. */
export interface LaunchPartyValues {
  party: TemplateParty;
  kind: PartyKind;
  name?: string;
  phone?: string;
  /** Only for a company. */
  companyName?: string;
}

/** A copy recipient as the form holds it. */
export interface LaunchReceiverValues {
  name?: string;
  phone?: string;
  companyName?: string;
}

/** The contract's details: the first step of both initiating screens. */
export interface LaunchDetails {
  name: string;
  agreementType: AgreementType;
  signingOrder: SigningOrder;
  /** Null: no deadline. */
  signingDeadline: Date | null;
  participants: LaunchPartyValues[];
  receivers: LaunchReceiverValues[];
}

/** Who initiates: the signed-in user in the console they work in. */
export interface Initiator {
  name: string;
  phone: string;
  /** The console's company; null in the personal console. */
  companyName: string | null;
}

/** The initiator as a party: as a person in the personal console, for the company otherwise. */
export function initiatorAsParty(party: TemplateParty, me: Initiator): LaunchPartyValues {
  return me.companyName
    ? { party, kind: 'company', name: me.name, phone: me.phone, companyName: me.companyName }
    : { party, kind: 'person', name: me.name, phone: me.phone };
}

/** A party nobody is named for yet. */
export const blankParty = (party: TemplateParty): LaunchPartyValues => ({
  party,
  kind: 'person',
  name: '',
  phone: '',
});

/**
 * A new contract's parties: A is the initiator, B is to be named — or is the counterpart the
 * initiating screen was opened for (a counterpart's details, "Initiate a contract with them").
 */
export function firstParties(
  me: Initiator,
  named?: Omit<LaunchPartyValues, 'party'> | null,
): LaunchPartyValues[] {
  return [initiatorAsParty('A', me), named ? { ...named, party: 'B' } : blankParty('B')];
}

/** The party B a screen was opened for (router state `{ party }`), or null. */
export function namedPartyOf(state: unknown): Omit<LaunchPartyValues, 'party'> | null {
  const party = (state as { party?: Partial<LaunchPartyValues> } | null)?.party;
  if (!party || (party.kind !== 'person' && party.kind !== 'company')) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    kind: party.kind,
    name: text(party.name),
    phone: text(party.phone),
    ...(party.kind === 'company' ? { companyName: text(party.companyName) } : {}),
  };
}

/** The first letter A–J nobody holds yet, or null when all ten are taken. */
export function nextPartyLetter(taken: readonly { party: string }[]): TemplateParty | null {
  return TEMPLATE_PARTIES.find((letter) => !taken.some((p) => p.party === letter)) ?? null;
}

/**
 * A template's parties to name, in letter order: the initiator takes the first of them, unless
 * the form already names someone for a letter (a return to this step keeps what was typed).
 */
export function partiesForTemplate(
  participants: readonly TemplateParticipant[],
  me: Initiator,
  named: readonly LaunchPartyValues[] = [],
): LaunchPartyValues[] {
  const letters = [...new Set(participants.map((p) => p.party as TemplateParty))].sort();
  return letters.map(
    (letter, index) =>
      named.find((p) => p.party === letter) ??
      (index === 0 ? initiatorAsParty(letter, me) : blankParty(letter)),
  );
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The parties as contract/create and base/validateParticipants take them. */
export function toParticipants(parties: readonly LaunchPartyValues[]): ContractPartyInput[] {
  return parties.map((p) => ({
    party: p.party,
    kind: p.kind,
    name: text(p.name),
    phone: text(p.phone),
    companyName: p.kind === 'company' ? text(p.companyName) : '',
  }));
}

/** The copy recipients as contract/create and base/validateReceivers take them. */
export function toReceivers(receivers: readonly LaunchReceiverValues[]): ContractReceiverInput[] {
  return receivers.map((r) => ({
    name: text(r.name),
    phone: text(r.phone),
    companyName: text(r.companyName),
  }));
}

/** Whether a deadline is acceptable: none, or later than now. */
export const isFutureOrNone = (deadline: Date | null, now: Date): boolean =>
  deadline === null || deadline.getTime() > now.getTime();

/** What both sources of contract/create share: the details of the first step. */
function commonBody(details: LaunchDetails) {
  return {
    name: details.name.trim(),
    agreementType: details.agreementType,
    signingOrder: details.signingOrder,
    signingDeadline: details.signingDeadline ? details.signingDeadline.toISOString() : null,
    participants: toParticipants(details.participants),
    receivers: toReceivers(details.receivers),
  };
}

/** contract/create from a ready document with the editor's project on it. */
export function bodyFromDocument(
  details: LaunchDetails,
  documentId: string,
  project: TemplateProject,
  values: Record<string, string> = {},
): ContractCreateBody {
  return {
    ...commonBody(details),
    documentId,
    project: withNamedParties(project, details.participants),
    values,
  };
}

/** contract/create from an enabled template, with the initiator's values by element uuid. */
export function bodyFromTemplate(
  details: LaunchDetails,
  templateId: string,
  values: Record<string, string>,
): ContractCreateBody {
  return { ...commonBody(details), templateId, values };
}

const elementsOf = (project: TemplateProject): TemplateElement[] =>
  project.pages.flatMap((page) => page.elements);

const SIGNING_KINDS = new Set(['seal', 'signature']);
const FILLING_KINDS = new Set(['text', 'date', 'image']);

/**
 * The project's parties made the form's: each named party, signing where it has a seal or a
 * signature (or nothing at all, which the server's check then names), filling where it has
 * fields to fill. The server takes the parties named to be exactly the project's.
 */
export function withNamedParties(
  project: TemplateProject,
  parties: readonly LaunchPartyValues[],
): TemplateProject {
  const elements = elementsOf(project);
  const has = (party: string, kinds: Set<string>) =>
    elements.some((element) => element.config.party === party && kinds.has(element.elName));
  const participants = [...parties]
    .sort((a, b) => a.party.localeCompare(b.party))
    .map((p) => {
      const fills = has(p.party, FILLING_KINDS);
      const signs = has(p.party, SIGNING_KINDS) || !fills;
      return { party: p.party, name: partyLabel(p), sign: signs, fill: fills };
    });
  return { ...project, participants };
}

/** A party's name in the project: whom the initiator named (a project keeps 30 characters). */
const partyLabel = (p: LaunchPartyValues): string => text(p.name).slice(0, PARTICIPANT_NAME_MAX);

/** Fields placed for a party that is not named (left from a party removed in the first step). */
export function fieldsOfUnnamedParties(
  project: TemplateProject,
  parties: readonly LaunchPartyValues[],
): TemplateParty[] {
  const named = new Set(parties.map((p) => p.party));
  const stray = elementsOf(project)
    .map((element) => element.config.party as TemplateParty)
    .filter((party) => !named.has(party));
  return [...new Set(stray)].sort();
}

/**
 * The initiator's parties among those named: its phone, as a person in the personal console, or
 * for the console's company (as the server decides it).
 */
export function initiatorParties(
  parties: readonly LaunchPartyValues[],
  me: Initiator,
): TemplateParty[] {
  return parties
    .filter((p) => {
      if (text(p.phone) !== me.phone) return false;
      return me.companyName === null
        ? p.kind === 'person'
        : p.kind === 'company' && text(p.companyName) === me.companyName.trim();
    })
    .map((p) => p.party);
}

const isValueField = (element: TemplateElement) =>
  element.elName === 'text' || element.elName === 'date';

/** The initiator's own text and date fields of a project. */
export function initiatorFields(
  project: TemplateProject,
  mine: readonly string[],
): TemplateElement[] {
  return elementsOf(project).filter(
    (element) => isValueField(element) && mine.includes(element.config.party),
  );
}

/** The values contract/create takes: the initiator's text and date fields, by element uuid. */
export function initiatorValues(
  project: TemplateProject,
  mine: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    initiatorFields(project, mine).map((element) => [element.uuid, element.value.trim()]),
  );
}

/** The initiator's required fields still empty ('The text box value cannot be empty'). */
export function emptyRequiredFields(
  project: TemplateProject,
  mine: readonly string[],
): TemplateElement[] {
  return initiatorFields(project, mine).filter(
    (element) => element.config.required && !element.value.trim(),
  );
}

/** A form field (antd name path) and what is wrong with it. */
export interface FieldProblem {
  name: (string | number)[];
  message: string;
}

/** Where a refusal of the server belongs: fields of the first step, or the page as a whole. */
export interface PlacedRefusal {
  fields: FieldProblem[];
  /** Shown above the step when no field takes it. */
  general: string | null;
}

/** Body paths the form shows under its own field; receivers and participants by index. */
const FORM_FIELDS = new Set(['name', 'agreementType', 'signingOrder', 'signingDeadline']);
const ROW_FIELDS = new Set(['party', 'kind', 'name', 'phone', 'companyName']);

/** A party on the console's counterpart blacklist, as contract/create's 409 names it. */
interface BlacklistedParty {
  party: string;
  name: string;
  reason: string;
}

const isBlacklistedParty = (entry: unknown): entry is BlacklistedParty =>
  typeof entry === 'object' &&
  entry !== null &&
  typeof (entry as BlacklistedParty).party === 'string' &&
  typeof (entry as BlacklistedParty).name === 'string';

/**
 * Each blacklisted party's refusal on its row: at the company's name when the company is the
 * blacklisted counterpart, at the signer's name otherwise. The first is the server's own text;
 * the others are told the same way in `locale` when one is given.
 */
function placeBlacklisted(
  text: string,
  refused: readonly BlacklistedParty[],
  parties: readonly { party: string; kind?: string; companyName?: string }[],
  locale: Locale | undefined,
): FieldProblem[] {
  return refused.flatMap((entry, at) => {
    const index = parties.findIndex((p) => p.party === entry.party);
    if (index < 0) return [];
    const row = parties[index]!;
    const atCompany =
      row.kind === 'company' &&
      (row.companyName ?? '').trim().toLowerCase() === entry.name.trim().toLowerCase();
    const said =
      at === 0 || locale === undefined
        ? text
        : blacklistedPartyText(entry.name, entry.reason, locale);
    return [{ name: ['participants', index, atCompany ? 'companyName' : 'name'], message: said }];
  });
}

/**
 * A refusal placed on its field. The server names a bad field of the body as `path: message`
 * (participants.1.phone: Incorrect phone number), a party it cannot match in `data.party`, and
 * the parties on the counterpart blacklist as a list of `{ party, name, reason }` in `data`.
 */
export function placeRefusal(
  text: string,
  data: unknown,
  parties: readonly { party: string; kind?: string; companyName?: string }[],
  locale?: Locale,
): PlacedRefusal {
  if (Array.isArray(data) && data.length > 0 && data.every(isBlacklistedParty)) {
    const fields = placeBlacklisted(text, data, parties, locale);
    if (fields.length > 0) return { fields, general: null };
  }
  const party =
    typeof data === 'object' && data !== null && 'party' in data
      ? String((data as { party: unknown }).party)
      : null;
  if (party !== null) {
    const index = parties.findIndex((p) => p.party === party);
    if (index >= 0)
      return { fields: [{ name: ['participants', index, 'name'], message: text }], general: null };
  }
  const match = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): (.+)$/s.exec(text);
  if (!match) return { fields: [], general: text };
  const [, path, message] = match as unknown as [string, string, string];
  const segments = path.split('.');
  const [head, index, field] = segments;
  if (segments.length === 1 && FORM_FIELDS.has(head!)) {
    return { fields: [{ name: [head!], message }], general: null };
  }
  if (
    (head === 'participants' || head === 'receivers') &&
    index !== undefined &&
    /^\d+$/.test(index) &&
    field !== undefined &&
    ROW_FIELDS.has(field)
  ) {
    return { fields: [{ name: [head, Number(index), field], message }], general: null };
  }
  if ((head === 'participants' || head === 'receivers') && segments.length === 1) {
    return { fields: [{ name: [head], message }], general: null };
  }
  return { fields: [], general: message };
}
