import {
  PATHS,
  type PathName,
  type TemplateCreated,
  type TemplateDetail,
  type TemplateParticipant,
} from '@esign/platform';
import {
  createEditorStore,
  toStoredProject,
  type TemplateProject,
} from '@esign/template-editor/core';
import { withQuery } from './account';
import { demoCompanyId, loginInto } from './companies';
import { addDocument, type TestPdfPage } from './ready-documents';
import { call, type SuiteServer } from './server';

/** Signing and filling parties A and B, as a template author ticks them. */
export const TWO_PARTIES: TemplateParticipant[] = [
  { party: 'A', name: 'Lessor', sign: true, fill: true },
  { party: 'B', name: 'Lessee', sign: true, fill: true },
];

export type TemplateClient = ReturnType<typeof templateClient>;

/** The template calls as one member makes them (in English unless `lang` says zh). */
export function templateClient(base: string, token: string, lang: 'en' | 'zh' = 'en') {
  const headers = { Lang: lang };
  return {
    get: <T = unknown>(name: PathName, query: Record<string, string | number> = {}) =>
      call<T>(
        base,
        'GET',
        withQuery(
          PATHS[name],
          Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        ),
        { token, headers },
      ),
    post: <T = unknown>(name: PathName, body?: unknown, query?: Record<string, string>) =>
      call<T>(base, 'POST', query ? withQuery(PATHS[name], query) : PATHS[name], {
        token,
        headers,
        ...(body === undefined ? {} : { body }),
      }),
  };
}

/**
 * The project an author makes on a blank template of parties A and B: on each page A's seal (a
 * seal group, on every page) and B's signature; on the first page A's text field and B's date
 * field, nothing overlapping. As the editor's `onChange` gives it (derived lists included).
 */
export function designedProject(blank: TemplateProject): TemplateProject {
  const store = createEditorStore(blank);
  const { addElement } = store.getState();
  const [first] = store.getState().project.pages;
  addElement(first!.uuid, 'seal', {
    title: 'Seal of A',
    config: { party: 'A' },
    commonStyle: { left: 40, top: 600 },
  });
  for (const [index, page] of store.getState().project.pages.entries()) {
    addElement(page.uuid, 'signature', {
      title: `Signature of B, page ${index + 1}`,
      config: { party: 'B' },
      commonStyle: { left: 380, top: 600 },
    });
  }
  addElement(first!.uuid, 'text', {
    title: 'Address',
    config: { party: 'A', required: true },
    commonStyle: { left: 40, top: 100 },
  });
  addElement(first!.uuid, 'date', {
    title: 'Start date',
    config: { party: 'B' },
    commonStyle: { left: 380, top: 100 },
  });
  return toStoredProject(store.getState().project);
}

/** The demo company's administrator, signed into the company, making templates there. */
export interface DemoAuthor {
  companyId: number;
  adminId: number;
  /** The administrator's calls in English and in Chinese. */
  admin: TemplateClient;
  adminZh: TemplateClient;
  /** A ready document of the company (one A4 page unless told). */
  newDocument(pages?: TestPdfPage[]): Promise<string>;
  /** A template of parties A and B on a new document, made by `client` (the administrator). */
  newTemplate(
    name: string,
    options?: { classifyId?: string; pages?: TestPdfPage[]; client?: TemplateClient },
  ): Promise<string>;
  /**
   * An enabled template of parties A and B on one A4 page, laid out by `designedProject`: its id
   * and the uuid of B's required "Address" field, which initiating fills.
   */
  enabledTemplate(name: string): Promise<{ id: string; addressUuid: string }>;
}

export async function demoAuthor(server: SuiteServer): Promise<DemoAuthor> {
  const companyId = await demoCompanyId(server.database);
  const [row] = await server.database.query<{ id: string }>(
    "SELECT id FROM users WHERE phone = '13800000002'",
  );
  const adminId = Number(row!.id);
  const { access_token } = await loginInto(server.base, '13800000002', companyId);
  const admin = templateClient(server.base, access_token);
  const newDocument = (pages?: TestPdfPage[]) =>
    addDocument(server.database, server.files, { userId: adminId, companyId, pages });
  const author: DemoAuthor = {
    companyId,
    adminId,
    admin,
    adminZh: templateClient(server.base, access_token, 'zh'),
    newDocument,
    async newTemplate(name, { classifyId, pages, client = admin } = {}) {
      const created = await client.post<TemplateCreated>('templateSaveInfo', {
        name,
        classifyId,
        description: 'A lease of rooms',
        documentId: await newDocument(pages),
        participants: TWO_PARTIES,
      });
      if (created.status !== 200) throw new Error(`saveInfo failed: ${created.body.msg}`);
      return created.body.data.id;
    },
    async enabledTemplate(name) {
      const id = await author.newTemplate(name, { pages: [{ width: 595.28, height: 841.89 }] });
      const detail = await admin.get<TemplateDetail<TemplateProject>>('templateDetail', { id });
      const designed = designedProject(detail.body.data.project);
      const edited = await admin.post('templateEdit', { id, project: designed });
      if (edited.status !== 200) throw new Error(`templateEdit failed: ${edited.body.msg}`);
      const enabled = await admin.post('templateUpdateStatus', { id, status: 1 });
      if (enabled.status !== 200)
        throw new Error(`templateUpdateStatus failed: ${enabled.body.msg}`);
      const address = designed.pages[0]!.elements.find((e) => e.title === 'Address')!;
      return { id, addressUuid: address.uuid };
    },
  };
  return author;
}
