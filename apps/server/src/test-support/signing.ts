/**
 * Contracts ready to sign, sent through contract/create by the demo company's administrator, and
 * the signing calls as a signer makes them (an SMS code from the development outbox, a ticket, the
 * seal of listContractSeal).
 */
import {
  type ContractActed,
  type ContractCreated,
  type ContractSeal,
  type SignTicket,
} from '@esign/platform';
import {
  createEditorStore,
  toStoredProject,
  type TemplateProject,
} from '@esign/template-editor/core';
import { DEMO_COMPANY } from '../seed';
import { blankProject } from '../templates/project';
import { outboxCode } from './account';
import { addDocument } from './ready-documents';
import { login, type SuiteServer } from './server';
import { demoAuthor, templateClient, type TemplateClient } from './templates';

export const ADMIN_PHONE = '13800000002';
export const PERSON_PHONE = '13800000001';
const A4 = { width: 595.28, height: 841.89 };

/**
 * A project on `pages` A4 pages: party A (a company) has its seal on every page and a required
 * text field (its price, filled by the initiator), party B (a person) a signature field on the
 * last page. Neither fills anything after sending, so the contract is signed at once.
 */
export function signingProject(pages = 1): TemplateProject {
  const blank = blankProject(
    Array.from({ length: pages }, () => A4),
    [
      { party: 'A', name: 'Seller', sign: true, fill: true },
      { party: 'B', name: 'Buyer', sign: true, fill: false },
    ],
  );
  const store = createEditorStore(blank);
  const { addElement } = store.getState();
  const page = (index: number) => store.getState().project.pages[index]!.uuid;
  addElement(page(0), 'seal', {
    title: 'Seal of A',
    config: { party: 'A' },
    commonStyle: { left: 60, top: 640 },
  });
  addElement(page(pages - 1), 'signature', {
    title: 'Signature of B',
    config: { party: 'B' },
    commonStyle: { left: 360, top: 640 },
  });
  addElement(page(0), 'text', {
    title: 'Price',
    config: { party: 'A', required: true },
    commonStyle: { left: 60, top: 120 },
  });
  return toStoredProject(store.getState().project);
}

/** The demo company's administrator (signing for party A) and the demo person (party B). */
export interface SigningCast {
  companyId: number;
  adminId: number;
  personId: number;
  admin: TemplateClient;
  person: TemplateClient;
}

export async function signingCast(server: SuiteServer): Promise<SigningCast> {
  const author = await demoAuthor(server);
  const [person] = await server.database.query<{ id: string }>(
    'SELECT id FROM users WHERE phone = $1',
    [PERSON_PHONE],
  );
  return {
    companyId: author.companyId,
    adminId: author.adminId,
    personId: Number(person!.id),
    admin: author.admin,
    person: templateClient(server.base, (await login(server.base, PERSON_PHONE)).access_token),
  };
}

export interface SentContract {
  id: number;
  number: string;
  project: TemplateProject;
}

/**
 * A contract sent by the demo company's administrator from a new document of its company (or the
 * ready document `documentId`, e.g. one uploaded through the API): A the company (the
 * administrator signing), B the demo person; signing at once.
 */
export async function sendForSigning(
  server: SuiteServer,
  cast: SigningCast,
  {
    order = 'parallel',
    pages = 1,
    price = '人民币 100 元 (RMB 100)',
    name = 'Sale of a car',
    receivers = [],
    documentId,
  }: {
    order?: 'parallel' | 'sequential';
    pages?: number;
    price?: string;
    name?: string;
    /** Copy recipients, by phone. */
    receivers?: string[];
    /** A ready document of the company, of `pages` pages; a new one is stored otherwise. */
    documentId?: string;
  } = {},
): Promise<SentContract> {
  documentId ??= await addDocument(server.database, server.files, {
    userId: cast.adminId,
    companyId: cast.companyId,
    pages: Array.from({ length: pages }, () => A4),
  });
  const project = signingProject(pages);
  const priceUuid = project.pages[0]!.elements.find((e) => e.title === 'Price')!.uuid;
  const created = await cast.admin.post<ContractCreated>('contractCreate', {
    name,
    signingOrder: order,
    participants: [
      { party: 'A', kind: 'company', name: 'Admin', phone: ADMIN_PHONE, companyName: DEMO_COMPANY },
      { party: 'B', kind: 'person', name: 'Person', phone: PERSON_PHONE },
    ],
    receivers: receivers.map((phone) => ({ name: 'Copy', phone, companyName: 'Copy Co.' })),
    documentId,
    project,
    values: { [priceUuid]: price },
  });
  if (created.status !== 200) {
    // The answer rides along for tests that read the refusal's data.
    throw Object.assign(new Error(`contract/create failed: ${created.body.msg}`), {
      answer: created.body,
    });
  }
  return { id: Number(created.body.data.id), number: created.body.data.number, project };
}

/**
 * Lets a phone ask for SMS codes again at once: the one-a-minute cooldown and the hourly limits
 * would otherwise stop a test that signs many contracts as one person.
 */
export async function forgetSmsLimits(server: SuiteServer): Promise<void> {
  await server.database.query("UPDATE sms_codes SET sent_at = now() - interval '2 minutes'");
  await server.database.query("DELETE FROM rate_events WHERE bucket LIKE 'sms:%'");
}

/**
 * A sign ticket for `client` on contract `id`, by an SMS code from the development outbox: for
 * signing, or for agreeing to rescind with `purpose: 'rescind'`.
 */
export async function signTicketFor(
  server: SuiteServer,
  client: TemplateClient,
  phone: string,
  id: number,
  purpose: 'sign' | 'rescind' = 'sign',
): Promise<string> {
  await forgetSmsLimits(server);
  const sent = await client.get('contractSendAuthCode', { id, purpose });
  if (sent.status !== 200) throw new Error(`sendAuthCode failed: ${sent.body.msg}`);
  const code = await outboxCode(server.base, phone);
  const ticket = await client.post<SignTicket>('contractValidateAuthCode', { id, code, purpose });
  if (ticket.status !== 200) throw new Error(`validateAuthCode failed: ${ticket.body.msg}`);
  return ticket.body.data.ticket;
}

/** The seal listContractSeal offers first. */
export async function sealFor(client: TemplateClient, id: number): Promise<string> {
  const seals = await client.get<ContractSeal[]>('contractSeals', { id });
  if (seals.status !== 200) throw new Error(`listContractSeal failed: ${seals.body.msg}`);
  return seals.body.data[0]!.id;
}

/** Signs contract `id` as `client` with its seal and a fresh ticket. */
export async function signAs(
  server: SuiteServer,
  client: TemplateClient,
  phone: string,
  id: number,
) {
  const ticket = await signTicketFor(server, client, phone, id);
  const sealId = await sealFor(client, id);
  return client.post<ContractActed>('contractSign', { id, sealId, ticket });
}
