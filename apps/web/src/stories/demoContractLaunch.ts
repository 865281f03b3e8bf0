/**
 * The demo API's answers to initiating a contract: the participants' and copy recipients' checks
 * (the shared schemas; the demo's own phones are "on the platform"), a document's PDF, contract/
 * create (the shared schema, then the editor's checks of a placed project, as the server does) and
 * contract/detail of the demo's contracts.
 */
import {
  CODES,
  PATHS,
  check,
  contractCreateBody,
  fail,
  message,
  validateParticipantsBody,
  validateReceiversBody,
  type ContractCreated,
  type ContractDetail,
  type ContractMyAction,
  type Locale,
  type TemplateParty,
  type ValidatedParty,
} from '@esign/platform';
import { parseProject, validateTemplate } from '@esign/template-editor/core';
import type { Answer } from './demoApi';
import type { DemoContract } from './demoContracts';
import { contractPdf } from './demoPdf';
import { answer, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** Phones of the demo world's people: on the platform; any other is invited by SMS. */
const DEMO_PHONES = new Set(['13800000001', '13800000008', '13800000009', '13800000010']);

/** The shared schema's first problem, as the server answers it: `path: message`. */
function refusedBody(issues: { path: string; message: string }[]): Answer {
  const [first] = issues;
  return {
    status: CODES.badRequest,
    body: fail(CODES.badRequest, `${first?.path ? `${first.path}: ` : ''}${first?.message ?? ''}`),
  };
}

/** POST base/validateParticipants */
const validateParticipants: ConsoleCall = (_current, locale, request) => {
  const checked = check(validateParticipantsBody, bodyOf(request), locale);
  if (!checked.ok) return refusedBody(checked.issues);
  return answer(
    checked.value.participants.map((party): ValidatedParty => ({
      party: party.party,
      registered: DEMO_PHONES.has(party.phone),
      companyVerified: party.kind === 'company' ? true : null,
    })),
  );
};

/** POST base/validateReceivers */
const validateReceivers: ConsoleCall = (_current, locale, request) => {
  const checked = check(validateReceiversBody, bodyOf(request), locale);
  if (!checked.ok) return refusedBody(checked.issues);
  return answer(
    checked.value.receivers.map((receiver) => ({ registered: DEMO_PHONES.has(receiver.phone) })),
  );
};

/** GET document/pdf: every demo document is the same two-page contract. */
const documentPdf: ConsoleCall = () => {
  const text = contractPdf('Contract', 2);
  const bytes = Uint8Array.from(text, (character) => character.charCodeAt(0));
  return { status: 200, body: bytes.buffer };
};

/** A placed project's problems (the editor's checks), in the request's language. */
function problemsOf(project: unknown, locale: Locale) {
  try {
    return validateTemplate(parseProject(project)).map((problem) => ({
      ...problem,
      message: problem.message[locale],
    }));
  } catch {
    return [{ code: 'invalid', message: message('invalidValue', locale), elementUuids: [] }];
  }
}

/** POST contract/create: kept among the console's contracts, listed under "I initiated". */
const create: ConsoleCall = (current, locale, request) => {
  const checked = check(contractCreateBody, bodyOf(request), locale);
  if (!checked.ok) return refusedBody(checked.issues);
  const body = checked.value;
  if (body.project !== undefined) {
    const problems = problemsOf(body.project, locale);
    if (problems.length > 0) {
      return {
        status: CODES.badRequest,
        body: fail(CODES.badRequest, problems[0]!.message, problems),
      };
    }
  }
  const contracts = current.contracts ?? [];
  const id = String(9100 + contracts.length);
  const mine = body.participants.find((party) => party.phone === current.user.phone);
  const created: DemoContract = {
    id,
    number: `HT20250315${id.padStart(6, '0')}`,
    name: body.name,
    status: 'signing',
    agreementType: body.agreementType,
    initiatorName: current.user.name,
    initiatorPhone: current.user.phone,
    initiatorCompany: current.user.companyName || null,
    signingOrder: body.signingOrder,
    myAction: mine ? 'sign' : null,
    createdAt: new Date().toISOString(),
    signingStartedAt: new Date().toISOString(),
    signingDeadline: body.signingDeadline ?? null,
    participants: body.participants.map((party) => ({
      party: party.party,
      name: party.name,
      phone: party.phone,
      companyName: party.kind === 'company' ? party.companyName : null,
      signs: true,
      fills: false,
      filledAt: null,
      signedAt: null,
      refusedAt: null,
    })),
    tabs: ['all', 'initiated', ...(mine ? (['todo'] as const) : (['waiting'] as const))],
  };
  current.contracts = [created, ...contracts];
  return answer({ id, number: created.number, status: created.status } satisfies ContractCreated);
};

/** GET contract/detail of a demo contract: its list row with what the console may do. */
const detail: ConsoleCall = (current, locale, request) => {
  const found = current.contracts?.find((item) => item.id === paramOf(request, 'id'));
  if (!found) {
    return { status: CODES.notFound, body: fail(CODES.notFound, message('notFound', locale)) };
  }
  const myActions: ContractMyAction[] =
    found.myAction === 'sign' || found.myAction === 'fill' ? [found.myAction] : [];
  return answer({
    id: found.id,
    number: found.number,
    name: found.name,
    status: found.status,
    agreementType: found.agreementType as ContractDetail['agreementType'],
    signingOrder: found.signingOrder,
    templateId: null,
    documentId: null,
    initiatorName: found.initiatorName,
    initiatorPhone: found.initiatorPhone,
    initiatorCompany: found.initiatorCompany,
    createdAt: found.createdAt,
    signingStartedAt: found.signingStartedAt,
    signingDeadline: found.signingDeadline,
    participants: found.participants.map((party, position) => ({
      party: party.party as TemplateParty,
      kind: party.companyName ? 'company' : 'person',
      name: party.name,
      phone: party.phone,
      companyName: party.companyName,
      registered: DEMO_PHONES.has(party.phone),
      companyVerified: party.companyName !== null,
      signs: party.signs,
      fills: party.fills,
      position,
      filledAt: party.filledAt,
      signedAt: party.signedAt,
      refusedAt: party.refusedAt,
      refusalReason: null,
    })),
    receivers: [],
    project: null,
    stampLocations: [],
    pdfSha256: null,
    pdfLink: null,
    pdfLinkExpiresAt: null,
    myParties: [],
    myActions,
  } satisfies ContractDetail<null>);
};

/** The demo API's answers to initiating a contract, by path. */
export const CONTRACT_LAUNCH_CALLS: Record<string, ConsoleCall> = {
  [PATHS.contractValidateParticipants]: validateParticipants,
  [PATHS.contractValidateReceivers]: validateReceivers,
  [PATHS.documentPdf]: documentPdf,
  [PATHS.contractCreate]: create,
  [PATHS.contractDetail]: detail,
};
