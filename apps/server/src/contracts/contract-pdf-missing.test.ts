import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { message, type ContractActed, type ContractPdfLink, type Locale } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { PdfError } from '../editor-pdf';
import { localStorage } from '../storage';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sealFor,
  sendForSigning,
  signAs,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient, type TemplateClient } from '../test-support/templates';
import { readContractFile } from './contract-pdf';

const LOCALES: Locale[] = ['en', 'zh'];

describe('reading a stored contract PDF that storage lacks', () => {
  it('refuses with the editor’s fetch-failed error and logs which file of which contract', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'esign-missing-'));
    try {
      const logged: { fields: unknown; text: string }[] = [];
      const log = { error: (fields: unknown, text: string) => logged.push({ fields, text }) };
      const file = {
        contractId: 42,
        version: 3,
        storageKey: 'contracts/000000/42/v3-gone.pdf',
        sha256: '0'.repeat(64),
        size: 10,
        party: 'B' as const,
        createdAt: new Date(),
      };
      const error = await readContractFile(localStorage(root), file, log as never).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(PdfError);
      expect((error as PdfError).code).toBe('fetch-failed');
      expect(logged).toEqual([
        {
          fields: { contractId: 42, version: 3, storageKey: 'contracts/000000/42/v3-gone.pdf' },
          text: 'a stored version of a contract PDF is missing from storage',
        },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.each(BACKENDS)('a contract whose stored PDF is missing, on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  /** The demo person (party B) asking in English and in Chinese. */
  const persons = {} as Record<Locale, TemplateClient>;

  beforeAll(async () => {
    cast = await signingCast(server);
    for (const lang of LOCALES) {
      const token = (await login(server.base, PERSON_PHONE)).access_token;
      persons[lang] = templateClient(server.base, token, lang);
    }
  });

  /** Moves a contract's stored files away; gives a function that puts them back. */
  const hideContractFiles = (id: number): (() => void) => {
    const dir = path.join(server.files, 'contracts', '000000', String(id));
    const kept = readdirSync(dir).map((name) => {
      const full = path.join(dir, name);
      const bytes = readFileSync(full);
      rmSync(full);
      return { full, bytes };
    });
    expect(kept.length).toBeGreaterThan(0);
    return () => kept.forEach(({ full, bytes }) => writeFileSync(full, bytes));
  };

  const refusal = (lang: Locale) => ({
    code: 422,
    success: false,
    data: { reason: 'fetch-failed' },
    msg: expect.stringContaining(message('contractPdfUnwritable', lang)) as unknown,
  });

  it('answers 422 contractPdfUnwritable on sign, getLink, getDownloadTicket, signatures and the PDF link, changing nothing', async () => {
    const contract = await sendForSigning(server, cast);
    expect((await signAs(server, cast.admin, ADMIN_PHONE, contract.id)).status).toBe(200);
    const link = await cast.person.get<ContractPdfLink>('contractLink', { id: contract.id });
    expect(link.status).toBe(200);
    const restore = hideContractFiles(contract.id);

    for (const lang of LOCALES) {
      const person = persons[lang];
      const ticket = await signTicketFor(server, person, PERSON_PHONE, contract.id);
      const sealId = await sealFor(person, contract.id);
      const signed = await person.post<ContractActed>('contractSign', {
        id: contract.id,
        sealId,
        ticket,
      });
      expect(signed.status, `sign (${lang})`).toBe(422);
      expect(signed.body, `sign (${lang})`).toEqual(refusal(lang));
      for (const name of [
        'contractLink',
        'contractDownloadTicket',
        'contractSignatures',
      ] as const) {
        const answer = await person.get(name, { id: contract.id });
        expect(answer.status, `${name} (${lang})`).toBe(422);
        expect(answer.body, `${name} (${lang})`).toEqual(refusal(lang));
      }
      const pdf = await fetch(`${server.base}${link.body.data.link}`, { headers: { Lang: lang } });
      expect(pdf.status, `PDF link (${lang})`).toBe(422);
      expect(await pdf.json(), `PDF link (${lang})`).toEqual(refusal(lang));
    }

    // Nothing of the refused signatures was kept: with the file back, the same party signs.
    const [files] = await server.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM contract_files WHERE contract_id = $1',
      [contract.id],
    );
    expect(Number(files!.n)).toBe(2);
    restore();
    const signed = await signAs(server, cast.person, PERSON_PHONE, contract.id);
    expect(signed.status).toBe(200);
    expect(signed.body.data.status).toBe('completed');
  });

  it('answers 422 on getLink when the contract’s document is missing before the first signature', async () => {
    const contract = await sendForSigning(server, cast);
    const [document] = await server.database.query<{ pdf_storage_key: string }>(
      `SELECT d.pdf_storage_key FROM documents d JOIN contracts c ON c.document_id = d.id
       WHERE c.id = $1`,
      [contract.id],
    );
    rmSync(path.join(server.files, document!.pdf_storage_key));
    for (const lang of LOCALES) {
      const answer = await persons[lang].get('contractLink', { id: contract.id });
      expect(answer.status, lang).toBe(422);
      expect(answer.body, lang).toEqual(refusal(lang));
    }
  });
});
