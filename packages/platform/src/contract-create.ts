/**
 * Initiating a contract (spec 000 §2 directly-launch and directly-template, §5 "Initiating"),
 * shared by the server and the web app: POST base/validateParticipants and base/validateReceivers
 * (who of those named is on the platform), POST contract/create and GET contract/detail. Each
 * failing check carries a message key of `MESSAGES`. apps/server/src/contracts/CONTEXT.md says
 * what the server does with them.
 *
 * A contract's project is `@esign/template-editor/core`'s `TemplateProject`: this package does not
 * depend on the editor, so the answer that carries one takes it as a type parameter.
 */
import * as z from 'zod/mini';
import type { ContractFillDraft } from './contract-actions';
import type { ContractAction, ContractStatus } from './contracts';
import type { MessageKey } from './messages';
import { recordIdSchema } from './paging';
import type { ContractSigningApproval } from './signing-approval';
import { TEMPLATE_PARTIES, eachPartyOnce, type TemplateParty } from './templates';
import { PHONE_PATTERN, phoneSchema } from './validation';

const err = (key: MessageKey) => ({ error: key });
const trimmed = () => z.string().check(z.trim());

/** The kinds of agreement a contract is (spec 000 §3). */
export const AGREEMENT_TYPES = [
  'contract',
  'supplementary',
  'modification',
  'termination',
] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/** `sequential`: the parties sign in their order A, B, …; `parallel`: all at once. */
export const SIGNING_ORDERS = ['parallel', 'sequential'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

/** A party signs as a person, or for a company (with the person who signs for it). */
export const PARTY_KINDS = ['person', 'company'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

export const CONTRACT_NAME_MAX = 100;
export const PARTY_NAME_MAX = 30;
export const COMPANY_NAME_MAX = 100;
/** Copy recipients of one contract, at most. */
export const CONTRACT_RECEIVERS_MAX = 50;
/** A value the initiator fills in, at most (characters). */
export const FIELD_VALUE_MAX = 2_000;

// ---- Requests ----

/** One signing party as the initiator names it. */
export const contractPartySchema = z
  .object({
    party: z.enum(TEMPLATE_PARTIES, err('invalidValue')),
    kind: z._default(z.enum(PARTY_KINDS, err('invalidValue')), 'person'),
    name: trimmed().check(
      z.minLength(1, err('required')),
      z.maxLength(PARTY_NAME_MAX, err('nameTooLong')),
    ),
    phone: phoneSchema,
    /** The company the party signs for; required for a company, ignored for a person. */
    companyName: z._default(
      trimmed().check(z.maxLength(COMPANY_NAME_MAX, err('companyNameTooLong'))),
      '',
    ),
  })
  .check(
    z.superRefine((party, ctx) => {
      if (party.kind === 'company' && party.companyName === '') {
        ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'companyNameRequired' });
      }
    }),
  );

/** The participants of a contract: at least one, each party A–J once. */
export const contractPartiesSchema = z.array(contractPartySchema).check(
  z.minLength(1, err('atLeastOneParticipant')),
  z.maxLength(TEMPLATE_PARTIES.length, err('participantDuplicate')),
  z.superRefine((list, ctx) => eachPartyOnce(list, ctx)),
);

/** A copy recipient: a name or a phone (or both), and a company name. */
export const contractReceiverSchema = z
  .object({
    name: z._default(trimmed().check(z.maxLength(PARTY_NAME_MAX, err('nameTooLong'))), ''),
    phone: z._default(
      trimmed().check(
        z.refine((phone) => phone === '' || PHONE_PATTERN.test(phone), err('phoneInvalid')),
      ),
      '',
    ),
    companyName: trimmed().check(
      z.minLength(1, err('receiverCompanyRequired')),
      z.maxLength(COMPANY_NAME_MAX, err('companyNameTooLong')),
    ),
  })
  .check(
    z.superRefine((receiver, ctx) => {
      if (receiver.name === '' && receiver.phone === '') {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'receiverNameOrPhoneRequired' });
      }
    }),
  );

export const contractReceiversSchema = z
  .array(contractReceiverSchema)
  .check(z.maxLength(CONTRACT_RECEIVERS_MAX, err('tooManyReceivers')));

/** POST base/validateParticipants. */
export const validateParticipantsBody = z.object({ participants: contractPartiesSchema });
/** POST base/validateReceivers. */
export const validateReceiversBody = z.object({ receivers: contractReceiversSchema });

/**
 * POST contract/create: the task, its parties and copy recipients, and either an enabled template
 * (`templateId`, with the initiator's own field values by element uuid) or a ready document of
 * the console with the editor's project placed on it (`documentId` and `project`).
 */
export const contractCreateBody = z
  .object({
    name: trimmed().check(
      z.minLength(1, err('taskNameRequired')),
      z.maxLength(CONTRACT_NAME_MAX, err('contractNameTooLong')),
    ),
    agreementType: z._default(z.enum(AGREEMENT_TYPES, err('invalidValue')), 'contract'),
    signingOrder: z._default(z.enum(SIGNING_ORDERS, err('invalidValue')), 'parallel'),
    /** ISO 8601 with an offset; in the future. */
    signingDeadline: z.optional(
      z.nullable(z.iso.datetime({ offset: true, error: 'invalidValue' })),
    ),
    participants: contractPartiesSchema,
    receivers: z._default(contractReceiversSchema, []),
    templateId: z.optional(recordIdSchema),
    /** The initiator's values of its own fields, by element uuid (with a template). */
    values: z._default(
      z.record(z.string(), z.string().check(z.maxLength(FIELD_VALUE_MAX, err('invalidValue')))),
      {},
    ),
    documentId: z.optional(z.uuid(err('invalidValue'))),
    /** The editor's project placed on the document (with a document). */
    project: z.optional(z.unknown()),
  })
  .check(
    z.superRefine((body, ctx) => {
      const fromTemplate = body.templateId !== undefined;
      const fromDocument = body.documentId !== undefined;
      if (fromTemplate === fromDocument) {
        ctx.addIssue({ code: 'custom', path: ['documentId'], message: 'contractDocumentRequired' });
      } else if (fromDocument && body.project === undefined) {
        ctx.addIssue({ code: 'custom', path: ['project'], message: 'required' });
      }
    }),
  );

/** GET contract/detail. */
export const contractIdQuery = z.object({
  id: z.coerce.number().check(z.int(err('invalidValue')), z.minimum(1, err('invalidValue'))),
});

export type ContractPartyInput = z.input<typeof contractPartySchema>;
export type ContractReceiverInput = z.input<typeof contractReceiverSchema>;
export type ContractCreateBody = z.input<typeof contractCreateBody>;

// ---- Answers ----

/** A party of validateParticipants' answer: who of it is on the platform. */
export interface ValidatedParty {
  party: TemplateParty;
  /** An account of the tenant holds the phone. */
  registered: boolean;
  /** For a company: a verified company of that name is on the platform; null for a person. */
  companyVerified: boolean | null;
}

/** A copy recipient of validateReceivers' answer, in the order sent. */
export interface ValidatedReceiver {
  /** An account of the tenant holds the phone (false without a phone). */
  registered: boolean;
}

/** contract/create's answer. */
export interface ContractCreated {
  id: string;
  number: string;
  status: ContractStatus;
}

/** A party as contract/detail shows it. */
export interface ContractDetailParty {
  party: TemplateParty;
  kind: PartyKind;
  name: string;
  phone: string;
  /** The company it signs for; null for a person. */
  companyName: string | null;
  /** A platform account holds the phone / a verified company holds the name. */
  registered: boolean;
  companyVerified: boolean;
  signs: boolean;
  fills: boolean;
  /** Its place in a sequential order, 0 first. */
  position: number;
  /** ISO 8601 times of what it did; null until then. */
  filledAt: string | null;
  signedAt: string | null;
  refusedAt: string | null;
  refusalReason: string | null;
}

export interface ContractDetailReceiver {
  name: string;
  phone: string;
  companyName: string;
}

/** What the session may do now on a contract (contract/detail's `myActions`). */
export type ContractMyAction = Extract<
  ContractAction,
  'fill' | 'sign' | 'refuse' | 'rescind' | 'urge' | 'withdraw' | 'remove'
>;

/** A lock a member holds on one of the session console's parties (contract/lock). */
export interface ContractDetailLock {
  party: TemplateParty;
  /** The holder's name (its phone when it has none). */
  holder: string;
  /** ISO 8601 */
  until: string;
  /** The session holds it. */
  mine: boolean;
}

/** contract/detail's answer. */
export interface ContractDetail<Project = unknown> {
  id: string;
  number: string;
  name: string;
  status: ContractStatus;
  agreementType: AgreementType;
  signingOrder: SigningOrder;
  templateId: string | null;
  documentId: string | null;
  initiatorName: string;
  initiatorPhone: string;
  /** The initiating company; null for a personal contract. */
  initiatorCompany: string | null;
  /** ISO 8601 */
  createdAt: string;
  signingStartedAt: string | null;
  signingDeadline: string | null;
  participants: ContractDetailParty[];
  receivers: ContractDetailReceiver[];
  /** The project the parties fill and sign. */
  project: Project;
  /** Where each seal and signature is stamped, derived by the server. */
  stampLocations: unknown[];
  /** SHA-256 of the contract's PDF. */
  pdfSha256: string | null;
  /** A short-lived link to the contract's PDF (no session needed, for pdf.js). */
  pdfLink: string | null;
  pdfLinkExpiresAt: string | null;
  /** The session console's party letters on this contract. */
  myParties: TemplateParty[];
  /**
   * Urge, withdraw and remove are here only for the contract's initiator and the members who may
   * manage every contract of the company (`mayManageContract`).
   */
  myActions: ContractMyAction[];
  /**
   * Signing approval (company consoles; absent in the personal console and in older fixtures): the
   * company's latest approval of the contract and whether the session must apply before signing.
   */
  signingApproval?: ContractSigningApproval;
  /**
   * The session console's parties, not yet signed or refused, whose lock (contract/lock) the
   * session may take while it works on them (`mayLockParty`). The server always sends it (optional
   * for older fixtures, which the web app reads as every party).
   */
  mayLock?: TemplateParty[];
  /**
   * The live locks on the session console's parties: while another member holds one, that party's
   * fill and sign by anyone else wait. The server always sends it (optional for older fixtures).
   */
  locks?: ContractDetailLock[];
  /**
   * What the session console's parties filled in so far and did not send yet (contract/saveDraft),
   * while they may still fill. The server always sends it (optional for older fixtures).
   */
  drafts?: ContractFillDraft[];
}
