/**
 * A world for the tests of a contract's life after sending: the demo company's administrator
 * initiates (its company is party A, which signs), the demo person is party B (fills and signs),
 * Lock Trading Co. is party C (fills and signs; two members, Lena and Leo), Rita is a copy
 * recipient and Sam a stranger of the same tenant. Contracts are made with contract/create from a
 * ready document and one project, so every contract has the same field uuids.
 */
import {
  PATHS,
  type ContractCreated,
  type ContractPartyInput,
  type ContractStatus,
  type SigningOrder,
} from '@esign/platform';
import {
  createEditorStore,
  toStoredProject,
  type TemplateProject,
} from '@esign/template-editor/core';
import { expect } from 'vitest';
import { refreshTurns } from '../contracts/turn';
import { DEMO_COMPANY } from '../seed';
import { blankProject } from '../templates/project';
import { addCompany, addUser, demoCompanyId, loginInto } from './companies';
import { addDocument } from './ready-documents';
import { call, login, type SuiteServer } from './server';

export const ADMIN = '13800000002';
export const PERSON = '13800000001';
export const LOCK_CO = 'Lock Trading Co.';
export const LENA = '13900000501';
export const LEO = '13900000502';
export const RITA = '13900000503';
export const SAM = '13900000504';
const A4 = { width: 595.28, height: 841.89 };

/** A 1×1 PNG as a data URL. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/**
 * A real JPEG (a 4 × 4 px red square, made by poppler's pdftoppm): the rules check its signature,
 * and contract/write then checks that the editor's writer can place it on the page.
 */
export const JPEG_DATA_URL =
  'data:image/jpeg;base64,' +
  '/9j/4AAQSkZJRgABAQEACAAIAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIx' +
  'wcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIy' +
  'MjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAEAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAw' +
  'QFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkK' +
  'FhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmq' +
  'KjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEB' +
  'AQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRob' +
  'HBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOE' +
  'hYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+P' +
  'n6/9oADAMBAAIRAxEAPwDzyiiivBP1s//Z';

/** The project: seals of A and C, B's signature, B's four fields and C's one. */
function lifeProject(): TemplateProject {
  const store = createEditorStore(
    blankProject(
      [A4],
      [
        { party: 'A', name: 'Supplier', sign: true, fill: false },
        { party: 'B', name: 'Client', sign: true, fill: true },
        { party: 'C', name: 'Guarantor', sign: true, fill: true },
      ],
    ),
  );
  const page = store.getState().project.pages[0]!.uuid;
  const { addElement } = store.getState();
  addElement(page, 'seal', {
    title: 'Seal of A',
    config: { party: 'A' },
    commonStyle: { left: 40, top: 640 },
  });
  addElement(page, 'signature', {
    title: 'Signature of B',
    config: { party: 'B' },
    commonStyle: { left: 220, top: 640 },
  });
  addElement(page, 'seal', {
    title: 'Seal of C',
    config: { party: 'C' },
    commonStyle: { left: 400, top: 640 },
  });
  addElement(page, 'text', {
    title: 'Address',
    config: { party: 'B', required: true },
    previewConfig: { limitNum: 30 },
    commonStyle: { left: 40, top: 60 },
  });
  addElement(page, 'text', {
    title: 'Amount',
    config: { party: 'B', required: false, isNumber: true },
    commonStyle: { left: 40, top: 140 },
  });
  addElement(page, 'date', {
    title: 'Start',
    config: { party: 'B', required: true, dateFormat: 'yyyy/MM/dd' },
    commonStyle: { left: 40, top: 220 },
  });
  addElement(page, 'image', {
    title: 'ID card',
    config: { party: 'B', required: false },
    commonStyle: { left: 300, top: 60 },
  });
  addElement(page, 'text', {
    title: 'Guarantor address',
    config: { party: 'C', required: true },
    commonStyle: { left: 40, top: 400 },
  });
  return toStoredProject(store.getState().project);
}

export interface LifeWorld {
  /** Sessions: the initiator (demo company console), B, C's two members, the copy recipient, a stranger. */
  admin: string;
  person: string;
  lena: string;
  leo: string;
  rita: string;
  sam: string;
  /** Field uuids by title. */
  field: Record<'Address' | 'Amount' | 'Start' | 'ID card' | 'Guarantor address', string>;
  /** A contract made through contract/create (filling: B and C fill), then set as `state` says. */
  newContract(state?: ContractState): Promise<number>;
}

/** Where a test wants a contract: its status and what its parties did (by SQL, after create). */
export interface ContractState {
  status?: ContractStatus;
  signingOrder?: SigningOrder;
  filled?: ('B' | 'C')[];
  signed?: ('A' | 'B' | 'C')[];
}

export const LIFE_PARTIES: ContractPartyInput[] = [
  { party: 'A', kind: 'company', name: 'Wang Fang', phone: ADMIN, companyName: DEMO_COMPANY },
  { party: 'B', kind: 'person', name: 'Li Ming', phone: PERSON },
  { party: 'C', kind: 'company', name: 'Lena', phone: LENA, companyName: LOCK_CO },
];

export async function lifeWorld(server: SuiteServer): Promise<LifeWorld> {
  const { database, base } = server;
  const demo = await demoCompanyId(database);
  const [admin] = await database.query<{ id: string }>(
    "SELECT id FROM users WHERE tenant_id = '000000' AND phone = $1",
    [ADMIN],
  );
  const lockCo = await addCompany(database, { name: LOCK_CO });
  await addUser(database, { phone: LENA, company: { id: lockCo, role: 'admin' } });
  await addUser(database, { phone: LEO, company: { id: lockCo, role: 'employee' } });
  await addUser(database, { phone: RITA });
  await addUser(database, { phone: SAM });
  await database.query("UPDATE users SET name = 'Lena Lock' WHERE phone = $1", [LENA]);
  await database.query("UPDATE users SET name = 'Leo Lock' WHERE phone = $1", [LEO]);
  const project = lifeProject();
  const byTitle = (title: string) =>
    project.pages[0]!.elements.find((element) => element.title === title)!.uuid;
  const tokens = {
    admin: (await loginInto(base, ADMIN, demo)).access_token,
    person: (await login(base, PERSON)).access_token,
    lena: (await loginInto(base, LENA, lockCo)).access_token,
    leo: (await loginInto(base, LEO, lockCo)).access_token,
    rita: (await login(base, RITA)).access_token,
    sam: (await login(base, SAM)).access_token,
  };
  return {
    ...tokens,
    field: {
      Address: byTitle('Address'),
      Amount: byTitle('Amount'),
      Start: byTitle('Start'),
      'ID card': byTitle('ID card'),
      'Guarantor address': byTitle('Guarantor address'),
    },
    async newContract(state = {}) {
      const documentId = await addDocument(database, server.files, {
        userId: Number(admin!.id),
        companyId: demo,
      });
      const created = await call<ContractCreated>(base, 'POST', PATHS.contractCreate, {
        token: tokens.admin,
        body: {
          name: 'Supply agreement',
          signingOrder: state.signingOrder ?? 'parallel',
          participants: LIFE_PARTIES,
          receivers: [{ name: 'Rita', phone: RITA, companyName: 'Rita Consulting' }],
          documentId,
          project,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = Number(created.body.data.id);
      for (const party of state.filled ?? []) {
        await database.query(
          'UPDATE contract_participants SET filled_at = now() WHERE contract_id = $1 AND party = $2',
          [id, party],
        );
      }
      for (const party of state.signed ?? []) {
        await database.query(
          'UPDATE contract_participants SET signed_at = now() WHERE contract_id = $1 AND party = $2',
          [id, party],
        );
      }
      if (state.status) {
        await database.query(
          `UPDATE contracts SET status = $2,
             signing_started_at = CASE WHEN $2 = 'filling' THEN NULL ELSE now() END
           WHERE id = $1`,
          [id, state.status],
        );
      }
      await refreshTurns(database, [id]);
      return id;
    },
  };
}
