/**
 * What the contract journeys share: an enabled template of the demo company made through the API
 * (the template screens have journeys of their own), and initiating a contract from it through
 * directly-template as a person would, up to the confirmation.
 */
import {
  apiPath,
  type ContractCreated,
  type ContractDetail,
  type ContractDocument,
  type ContractSeal,
  type FaceCheckResult,
  type FaceCheckStarted,
  type TemplateCreated,
  type TemplateParty,
  type UploadedFile,
} from '@esign/platform';
import {
  createEditorStore,
  createPage,
  createProject,
  toStoredProject,
  type EditorStore,
  type TemplateProject,
} from '@esign/template-editor/core';
import type { Page } from 'playwright';
import { A4, contractPdf } from '../src/stories/demoPdf';
import { api } from './api';
import { typeInto } from './browser';
import { DEMO } from './server';

/** A one-page contract PDF titled `name`, uploaded and made a ready document of the page's console. */
export async function uploadedDocument(page: Page, name: string): Promise<ContractDocument> {
  const file = await api<UploadedFile>(page, apiPath('upload'), undefined, {
    file: {
      name: `${name}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(contractPdf(name, 1), 'latin1'),
    },
  });
  const document = await api<ContractDocument>(page, apiPath('documentCreate'), {
    fileId: file.id,
  });
  if (document.status !== 'ready') throw new Error(`the document is ${document.status}`);
  return document;
}

/** A template's party: its letter, role name, and whether it signs and fills in. */
export interface TemplateRole {
  party: TemplateParty;
  name: string;
  sign: boolean;
  fill: boolean;
}

/**
 * Makes an enabled one-page A4 template of the page's console: `roles` are its parties, `place`
 * puts their fields on the page with the editor's own store. Gives its id.
 */
export async function enabledTemplate(
  page: Page,
  name: string,
  roles: readonly TemplateRole[],
  place: (store: EditorStore, pageId: string) => void,
): Promise<string> {
  const document = await uploadedDocument(page, name);
  const { id } = await api<TemplateCreated>(page, apiPath('templateSaveInfo'), {
    name,
    classifyId: null,
    description: 'Goods supplied every month',
    documentId: document.id,
    participants: roles,
  });
  const project: TemplateProject = createProject({ width: A4.width, height: A4.height });
  project.pages = [createPage(A4)];
  project.hasSource = true;
  project.participants = roles.map((role) => ({ ...role }));
  const store = createEditorStore(project);
  place(store, store.getState().project.pages[0]!.uuid);
  await api(page, apiPath('templateEdit'), {
    id,
    project: toStoredProject(store.getState().project),
  });
  await api(page, apiPath('templateUpdateStatus'), { id, status: 1 });
  return id;
}

/** Names the demo person as party B of the initiating form. */
export async function nameDemoPersonAsB(page: Page): Promise<void> {
  await typeInto(page.getByRole('textbox', { name: 'Name of party B' }), 'Demo Person');
  await typeInto(page.getByRole('textbox', { name: 'Phone of party B' }), DEMO.person);
}

/**
 * "Send for signing" first shows what goes out (parties in order, deadline, copy recipients, each
 * party's fields); "Send now" in that summary sends it.
 */
export async function sendFromSummary(page: Page): Promise<void> {
  const summary = page.getByRole('dialog', { name: 'Send this contract for signing?' });
  await summary.waitFor();
  await summary.getByRole('button', { name: 'Send now' }).click();
}

/** The contract directly-success confirms, read back from the server. */
export async function confirmed(page: Page): Promise<ContractDetail> {
  await page.waitForURL(/\/agency-contract\/directly-success\?id=\d+$/);
  await page.getByRole('heading', { name: 'Contract sent', level: 1 }).waitFor();
  const id = new URL(page.url()).searchParams.get('id')!;
  const detail = await api<ContractDetail>(page, `${apiPath('contractDetail')}?id=${id}`);
  await page.getByText(detail.number, { exact: true }).waitFor();
  return detail;
}

/**
 * Initiates a contract from the enabled template `name` through directly-template, as the page's
 * user (party A, in its console): uses the template, names the demo person as B, fills its own
 * fields (`ownValues`, by field title) in the editor's fill mode and sends. Gives the contract.
 */
export async function initiateFromTemplate(
  page: Page,
  name: string,
  ownValues: Record<string, string>,
): Promise<ContractDetail> {
  await page.goto('/agency-contract/directly-template');
  await page.getByRole('heading', { name: 'Initiate from a template', level: 1 }).waitFor();
  await page.getByRole('button', { name: `Use ${name}` }).click();
  await page.getByText(`Template: ${name}`).waitFor();
  await nameDemoPersonAsB(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const editor = page.getByRole('application', { name: 'Template editor' });
  for (const [title, value] of Object.entries(ownValues)) {
    const field = editor.getByRole('textbox', { name: title });
    await field.waitFor();
    await typeInto(field, value);
  }
  // Out of the last field, so that its value is taken.
  await page.getByText('Fill in your own fields (party A)').click();
  await page.getByRole('button', { name: 'Send for signing' }).click();
  await sendFromSummary(page);
  return confirmed(page);
}

/**
 * A one-page A4 project: party A (the company) seals; party B fills in its full name and signs.
 */
export function sealFillAndSign(): TemplateProject {
  const project = createProject({ width: A4.width, height: A4.height });
  project.pages = [createPage(A4)];
  project.hasSource = true;
  project.participants = [
    { party: 'A', name: 'Supplier', sign: true, fill: false },
    { party: 'B', name: 'Buyer', sign: true, fill: true },
  ];
  const store = createEditorStore(project);
  const page = store.getState().project.pages[0]!.uuid;
  const { addElement } = store.getState();
  addElement(page, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
  addElement(page, 'text', {
    title: 'Buyer full name',
    config: { party: 'B', required: true },
    commonStyle: { left: 360, top: 540, width: 180, height: 28 },
  });
  addElement(page, 'signature', { config: { party: 'B' }, commonStyle: { left: 360, top: 620 } });
  return toStoredProject(store.getState().project);
}

/** A one-page A4 project: party A seals, party B signs; nobody fills in. */
export function sealAndSignature(): TemplateProject {
  const project = createProject({ width: A4.width, height: A4.height });
  project.pages = [createPage(A4)];
  project.hasSource = true;
  project.participants = [
    { party: 'A', name: 'Provider', sign: true, fill: false },
    { party: 'B', name: 'Client', sign: true, fill: false },
  ];
  const store = createEditorStore(project);
  const page = store.getState().project.pages[0]!.uuid;
  const { addElement } = store.getState();
  addElement(page, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
  addElement(page, 'signature', { config: { party: 'B' }, commonStyle: { left: 360, top: 620 } });
  return toStoredProject(store.getState().project);
}

/**
 * Initiates a contract from an uploaded PDF in the page's console: A the company, B the person,
 * the fields of `project` (B filling in its name before both sign, unless another is given).
 */
export async function initiate(
  page: Page,
  name: string,
  project: TemplateProject = sealFillAndSign(),
): Promise<ContractCreated> {
  const document = await uploadedDocument(page, name);
  return api<ContractCreated>(page, apiPath('contractCreate'), {
    name,
    participants: [
      {
        party: 'A',
        kind: 'company',
        name: 'Demo Admin',
        phone: DEMO.admin,
        companyName: DEMO.company,
      },
      { party: 'B', name: 'Demo Person', phone: DEMO.person },
    ],
    documentId: document.id,
    project,
  });
}

/** A one-page A4 project whose only party, A (the company), seals it. */
export function sealedByTheCompany(): TemplateProject {
  const project = createProject({ width: A4.width, height: A4.height });
  project.pages = [createPage(A4)];
  project.hasSource = true;
  project.participants = [{ party: 'A', name: 'Company', sign: true, fill: false }];
  const store = createEditorStore(project);
  const page = store.getState().project.pages[0]!.uuid;
  store.getState().addElement(page, 'seal', {
    config: { party: 'A' },
    commonStyle: { left: 60, top: 620 },
  });
  return toStoredProject(store.getState().project);
}

/**
 * A contract of the page's company console whose only party is the company, initiated and signed
 * at once through the API (its seal, a development face check): completed. Gives the contract.
 */
export async function completedCompanyContract(page: Page, name: string): Promise<ContractCreated> {
  const document = await uploadedDocument(page, name);
  const contract = await api<ContractCreated>(page, apiPath('contractCreate'), {
    name,
    participants: [
      {
        party: 'A',
        kind: 'company',
        name: 'Demo Admin',
        phone: DEMO.admin,
        companyName: DEMO.company,
      },
    ],
    documentId: document.id,
    project: sealedByTheCompany(),
  });
  await signForTheCompany(page, contract.id);
  return contract;
}

/**
 * Signs a contract of the page's company console as its party A, through the API: the company's
 * first seal, confirmed by the development face check.
 */
export async function signForTheCompany(page: Page, contractId: string): Promise<void> {
  const face = await api<FaceCheckStarted>(page, `${apiPath('contractFaceUrl')}?id=${contractId}`);
  const reference = new URL(face.url, 'http://face.invalid').searchParams.get('reference')!;
  await page.request.post(face.url, { form: { reference, outcome: 'passed' } });
  const result = await api<FaceCheckResult>(
    page,
    `${apiPath('contractFaceResult')}?id=${contractId}&faceToken=${encodeURIComponent(face.faceToken)}`,
  );
  if (result.state !== 'passed') throw new Error(`the face check is ${result.state}`);
  const [seal] = await api<ContractSeal[]>(page, `${apiPath('contractSeals')}?id=${contractId}`);
  await api(page, apiPath('contractSign'), {
    id: contractId,
    sealId: seal!.id,
    ticket: result.ticket,
  });
}
