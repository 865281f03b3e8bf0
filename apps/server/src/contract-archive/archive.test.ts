import {
  CONTRACT_LIST_COUNT_CAP,
  type ArchiveCategory,
  type ArchiveCategorySaved,
  type ArchivePage,
  type ContractAttestation,
  type Page,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { addContract } from '../test-support/contracts';
import { BACKENDS, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sendForSigning,
  signAs,
  signingCast,
} from '../test-support/signing';
import { templateClient, type TemplateClient as Client } from '../test-support/templates';

/** The entries of a ZIP, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each(BACKENDS)('the contract archive on $name', (backend) => {
  const server = useTestServer(backend);
  let companyId: number;
  let adminId: number;
  let admin: Client;
  let adminZh: Client;
  let employee: Client;
  let employeeId: number;
  let person: Client;
  /** The demo company's contracts: three completed, one still being signed. */
  const contracts = {} as Record<'lease' | 'supply' | 'loan' | 'open' | 'stranger', number>;
  const page = async (client: Client, query: Record<string, string | number> = {}) => {
    const answer = await client.get<ArchivePage>('archivePage', query);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const names = async (client: Client, query: Record<string, string | number> = {}) =>
    (await page(client, query)).records.map((record) => record.name).sort();

  beforeAll(async () => {
    const cast = await signingCast(server);
    ({ companyId, adminId, admin } = cast);
    person = cast.person;
    const adminSession = await loginInto(server.base, ADMIN_PHONE, companyId);
    adminZh = templateClient(server.base, adminSession.access_token, 'zh');
    employeeId = await addUser(server.database, {
      phone: '13900000301',
      company: { id: companyId, role: 'employee' },
    });
    employee = templateClient(
      server.base,
      (await loginInto(server.base, '13900000301', companyId)).access_token,
    );
    const party = (name: string, phone: string, company?: string) => ({
      name,
      phone,
      signed: true,
      ...(company ? { company: { id: companyId, name: company } } : {}),
    });
    const completed = (name: string, number: string, counterpart: string, day: number) =>
      addContract(server.database, {
        companyId,
        initiator: adminId,
        status: 'completed',
        name,
        number,
        signingStartedAt: new Date(Date.UTC(2026, 10, day)),
        parties: [
          party('Demo Admin', ADMIN_PHONE, 'Demo company'),
          party(counterpart, '13700000000'),
        ],
      });
    contracts.lease = await completed('Office lease 2026', 'HT20261101000001', 'Zhao Lei', 1);
    contracts.supply = await completed('Supply of paper', 'HT20261110000002', 'Qian Yu', 10);
    contracts.loan = await completed('Car loan', 'HT20261120000003', 'Sun Mei', 20);
    contracts.open = await addContract(server.database, {
      companyId,
      initiator: adminId,
      status: 'signing',
      name: 'Lease still signing',
      parties: [
        party('Demo Admin', ADMIN_PHONE, 'Demo company'),
        { name: 'Zhao Lei', phone: '13700000000' },
      ],
    });
    // Another tenant's company and its completed contract, with a name that matches a search.
    const strangerCompany = await addCompany(server.database, {
      name: 'Elsewhere Ltd.',
      tenantId: '000777',
    });
    const strangerId = await addUser(server.database, {
      phone: '13900000399',
      tenantId: '000777',
      company: { id: strangerCompany, role: 'admin' },
    });
    contracts.stranger = await addContract(server.database, {
      tenantId: '000777',
      companyId: strangerCompany,
      initiator: strangerId,
      status: 'completed',
      name: 'Office lease elsewhere',
      parties: [{ userId: strangerId, name: 'Stranger', signed: true }],
    });
  });

  it('keeps category names to the rule of template categories, in the request’s language', async () => {
    const empty = await admin.post('archiveCategorySave', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('The category name cannot be empty');
    const long = await admin.post('archiveCategorySave', { name: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain(
      'Category name length is too long, not more than 20 characters',
    );
    const longZh = await adminZh.post('archiveCategorySave', { name: 'x'.repeat(21) });
    expect(longZh.body.msg).toContain('分类名称过长，不能超过 20 个字符');
    const twenty = await admin.post<ArchiveCategorySaved>('archiveCategorySave', {
      name: 'y'.repeat(20),
    });
    expect(twenty.status).toBe(200);
    const again = await admin.post('archiveCategorySave', { name: 'Y'.repeat(20) });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Name must be unique');
    expect((await admin.post('archiveCategoryRemove', { id: twenty.body.data.id })).status).toBe(
      200,
    );
  });

  it('files only completed contracts, moves and unfiles them, and finds them by category, name, party, number and date', async () => {
    const leases = await admin.post<ArchiveCategorySaved>('archiveCategorySave', {
      name: 'Leases',
    });
    const other = await admin.post<ArchiveCategorySaved>('archiveCategorySave', { name: 'Other' });
    const leasesId = leases.body.data.id;
    const otherId = other.body.data.id;

    const open = await admin.post('archiveFile', {
      classifyId: leasesId,
      contractIds: [contracts.lease, contracts.open],
    });
    expect(open.status).toBe(400);
    expect(open.body.msg).toBe('Only completed contracts can be filed');
    expect(open.body.data).toEqual({ ids: [String(contracts.open)] });
    expect(await names(admin, { classifyId: leasesId })).toEqual([]);

    const filed = await admin.post('archiveFile', {
      classifyId: leasesId,
      contractIds: [contracts.lease, contracts.supply],
    });
    expect(filed.status).toBe(200);
    expect(await names(admin, { classifyId: leasesId })).toEqual([
      'Office lease 2026',
      'Supply of paper',
    ]);
    expect(await names(admin, { scope: 'unfiled' })).toEqual(['Car loan']);
    // Every completed contract of the console, never one still being signed or another tenant's.
    expect(await names(admin)).toEqual(['Car loan', 'Office lease 2026', 'Supply of paper']);

    // Moved: one category at a time.
    expect(
      (await admin.post('archiveFile', { classifyId: otherId, contractIds: [contracts.supply] }))
        .status,
    ).toBe(200);
    expect(await names(admin, { classifyId: leasesId })).toEqual(['Office lease 2026']);
    const [supply] = (await page(admin, { classifyId: otherId })).records;
    expect(supply).toMatchObject({ classifyId: otherId, classifyName: 'Other', right: 'manage' });

    expect(await names(admin, { name: 'LEASE' })).toEqual(['Office lease 2026']);
    expect(await names(admin, { participant: 'Qian' })).toEqual(['Supply of paper']);
    expect(await names(admin, { number: 'HT2026112' })).toEqual(['Car loan']);
    expect(
      await names(admin, { signFrom: '2026-11-05T00:00:00Z', signTo: '2026-11-15T00:00:00Z' }),
    ).toEqual(['Supply of paper']);
    expect(await names(admin, { classifyId: otherId, name: 'lease' })).toEqual([]);
    // % and _ are literal.
    expect(await names(admin, { name: '%' })).toEqual([]);

    const categories = await admin.get<Page<ArchiveCategory>>('archiveCategoryPage');
    expect(
      categories.body.data.records.map(({ name, contractCount }) => [name, contractCount]),
    ).toEqual([
      ['Leases', 1],
      ['Other', 1],
    ]);

    expect((await admin.post('archiveUnfile', { contractIds: [contracts.supply] })).status).toBe(
      200,
    );
    expect(await names(admin, { scope: 'unfiled' })).toEqual(['Car loan', 'Supply of paper']);

    // Renamed, then removed: its contracts are unfiled again, unchanged.
    expect(
      (await admin.post('archiveCategoryRename', { id: leasesId, name: 'Office leases' })).status,
    ).toBe(200);
    expect((await page(admin, { classifyId: leasesId })).records[0]!.classifyName).toBe(
      'Office leases',
    );
    expect((await admin.post('archiveCategoryRemove', { id: leasesId })).status).toBe(200);
    expect(await names(admin, { scope: 'unfiled' })).toEqual([
      'Car loan',
      'Office lease 2026',
      'Supply of paper',
    ]);
    expect((await admin.get('archivePage', { classifyId: leasesId })).status).toBe(404);
    await admin.post('archiveCategoryRemove', { id: otherId });
  });

  it('lets a member without rights neither see a restricted category nor file into it, until granted', async () => {
    const secret = await admin.post<ArchiveCategorySaved>('archiveCategorySave', { name: 'Board' });
    const secretId = secret.body.data.id;
    await admin.post('archiveFile', { classifyId: secretId, contractIds: [contracts.loan] });

    // The employee's role lacks contract:manage: no categories of their own making.
    expect((await employee.post('archiveCategorySave', { name: 'Mine' })).status).toBe(403);
    expect((await employee.post('archiveCategoryRename', { id: secretId, name: 'x' })).status).toBe(
      403,
    );
    const categories = await employee.get<Page<ArchiveCategory>>('archiveCategoryPage');
    expect(categories.body.data.records).toEqual([]);
    // The filed contract is out of the employee's archive; the unfiled ones are there.
    expect(await names(employee)).toEqual(['Office lease 2026', 'Supply of paper']);
    const refused = await employee.get('archivePage', { classifyId: secretId });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission for now');
    expect(
      (await employee.post('archiveFile', { classifyId: secretId, contractIds: [contracts.lease] }))
        .status,
    ).toBe(403);
    expect((await employee.post('archiveUnfile', { contractIds: [contracts.loan] })).status).toBe(
      403,
    );
    expect((await employee.get('archiveEvidence', { id: contracts.loan })).status).toBe(404);

    // use: sees it and its contracts, files nothing.
    await admin.post('archiveGrant', {
      grants: [{ classifyId: secretId, userId: employeeId, right: 'use' }],
    });
    expect(await names(employee, { classifyId: secretId })).toEqual(['Car loan']);
    const [seen] = (await employee.get<Page<ArchiveCategory>>('archiveCategoryPage')).body.data
      .records;
    expect(seen).toMatchObject({ name: 'Board', right: 'use', contractCount: 1 });
    expect(
      (await employee.post('archiveFile', { classifyId: secretId, contractIds: [contracts.lease] }))
        .status,
    ).toBe(403);

    // manage: files in and out.
    await admin.post('archiveGrant', {
      grants: [{ classifyId: secretId, userId: employeeId, right: 'manage' }],
    });
    expect(
      (await employee.post('archiveFile', { classifyId: secretId, contractIds: [contracts.lease] }))
        .status,
    ).toBe(200);
    expect(await names(employee, { classifyId: secretId })).toEqual([
      'Car loan',
      'Office lease 2026',
    ]);
    const grants = await admin.get<Page<{ userId: string; right: string }>>('archiveGrants', {
      classifyId: secretId,
    });
    expect(grants.body.data.records).toMatchObject([
      { userId: String(employeeId), right: 'manage' },
    ]);

    await admin.post('archiveGrant', {
      grants: [{ classifyId: secretId, userId: employeeId, right: 'none' }],
    });
    expect(await names(employee)).toEqual(['Supply of paper']);
    await admin.post('archiveCategoryRemove', { id: secretId });
  });

  it('never shows or files another tenant’s or another console’s contracts, nor uses their categories', async () => {
    expect(await names(admin, { name: 'elsewhere' })).toEqual([]);
    const foreign = await admin.post<ArchiveCategorySaved>('archiveCategorySave', { name: 'Mine' });
    const filing = await admin.post('archiveFile', {
      classifyId: foreign.body.data.id,
      contractIds: [contracts.stranger],
    });
    expect(filing.status).toBe(404);
    // The demo person's personal console has an archive of its own: the company's category is
    // not there, and the company's contracts (the person is no party to them) are not either.
    expect(
      (await person.get<Page<ArchiveCategory>>('archiveCategoryPage')).body.data.records,
    ).toEqual([]);
    expect((await person.get('archivePage', { classifyId: foreign.body.data.id })).status).toBe(
      404,
    );
    expect(
      (
        await person.post('archiveFile', {
          classifyId: foreign.body.data.id,
          contractIds: [contracts.lease],
        })
      ).status,
    ).toBe(404);
    const own = await person.post<ArchiveCategorySaved>('archiveCategorySave', { name: 'Mine' });
    expect(own.status).toBe(200);
    expect(
      (
        await person.post('archiveFile', {
          classifyId: own.body.data.id,
          contractIds: [contracts.lease],
        })
      ).status,
    ).toBe(404);
    await admin.post('archiveCategoryRemove', { id: foreign.body.data.id });
  });

  it('searches names through the trigram index', async () => {
    // Enough rows for the planner to prefer the index over reading the table.
    await server.database.query(
      `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status, signing_order)
       SELECT '000000', $1, $2, 'BULK-' || n, 'Bulk contract ' || n, 'completed', 'parallel'
       FROM generate_series(1, 20000) n`,
      [companyId, adminId],
    );
    await server.database.query('ANALYZE contracts');
    const plan = await server.database.query<{ 'QUERY PLAN': string }>(
      "EXPLAIN SELECT id FROM contracts WHERE name ILIKE '%contract 1999%'",
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('contracts_name_trgm');
    expect(await names(admin, { name: 'contract 19999' })).toEqual(['Bulk contract 19999']);
    // A search matching more than the count's cap still shows the newest first, the total capped;
    // one matching fewer shows its pages in order with their exact total.
    const broad = await page(admin, { name: 'Bulk contract', size: 3 });
    expect(broad.records.map((record) => record.name)).toEqual([
      'Bulk contract 20000',
      'Bulk contract 19999',
      'Bulk contract 19998',
    ]);
    expect(broad.total).toBe(CONTRACT_LIST_COUNT_CAP);
    const second = await page(admin, { name: 'contract 1999', size: 4, current: 2 });
    expect(second.records.map((record) => record.name)).toEqual([
      'Bulk contract 19995',
      'Bulk contract 19994',
      'Bulk contract 19993',
      'Bulk contract 19992',
    ]);
    expect(second.total).toBe(11);
    await server.database.query("DELETE FROM contracts WHERE number LIKE 'BULK-%'");
  });

  it('downloads a signed contract’s evidence: the PDF and its audit trail in one ZIP, itself audited', async () => {
    const cast = await signingCast(server);
    const sent = await sendForSigning(server, cast, { name: 'Evidence sale' });
    expect((await signAs(server, cast.admin, ADMIN_PHONE, sent.id)).status).toBe(200);
    expect((await signAs(server, cast.person, PERSON_PHONE, sent.id)).status).toBe(200);
    const { access_token } = await loginInto(server.base, ADMIN_PHONE, companyId);
    const response = await fetch(
      `${server.base}/api/sicpay-contract/contractclassifyrefarchive/evidence?id=${sent.id}`,
      { headers: { 'Blade-Auth': `bearer ${access_token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('evidence.zip');
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const pdfName = [...files.keys()].find((name) => name.endsWith('.pdf'))!;
    expect(pdfName).toBe(`Evidence sale ${sent.number}.pdf`);
    expect(files.get(pdfName)!.subarray(0, 5).toString()).toBe('%PDF-');
    const trail = JSON.parse(files.get('audit-trail.json')!.toString()) as ContractAttestation;
    expect(trail.chain).toEqual({ intact: true });
    expect(trail.entries.filter((entry) => entry.action === 'sign')).toHaveLength(2);
    expect(trail.entries.at(-1)).toMatchObject({ action: 'download', details: { evidence: true } });
    expect(files.get('audit-trail.txt')!.toString()).toContain('hash chain is intact');

    // A contract still being signed is not in the archive: no evidence from here.
    const unsigned = await sendForSigning(server, cast, { name: 'Half signed' });
    const early = await fetch(
      `${server.base}/api/sicpay-contract/contractclassifyrefarchive/evidence?id=${unsigned.id}`,
      { headers: { 'Blade-Auth': `bearer ${access_token}` } },
    );
    expect(early.status).toBe(404);
  });
});
