/**
 * A company's certificates on both databases, checked from outside with OpenSSL's command line
 * (which shares no code with the platform): communication certificates issued with their key in
 * a PKCS#12 file that `openssl pkcs12` opens without -legacy (RSA and SM2), revoked into the
 * authority's CRL, bound to access parties; digital certificates issued, imported from files
 * OpenSSL made (and refused when they should be), enabled, disabled, revoked, renamed and
 * downloaded; hardware key applications; expiry warnings; what another company, a member
 * without the rights and the personal console see.
 */
import { X509Certificate } from 'node:crypto';
import {
  CERT_EXPIRY_WARNING_DAYS,
  PATHS,
  type CommunicationCertIssued,
  type CommunicationCertificate,
  type DigitalCertificate,
  type DigitalCertificatePage,
  type HardwareKeyApplication,
  type Page,
  type PathName,
  type AccessPartySaved,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateRevocationList, platformAuthority } from '../signing';
import { run, withScratch } from '../signing/testing/openssl';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import { demoAuthor, templateClient, type TemplateClient } from '../test-support/templates';
import { warnExpiringCertificates } from './expiry';
import { runHardwareKeyCommand } from './operator-command';
import { IMPORT_PASSWORD, makeImportFiles, type ImportFiles } from './test-files';

const PASSWORD = 'Partner#2026';

/** A file the server answers (a download), with its status and headers. */
async function download(base: string, token: string, name: PathName, query: string) {
  const response = await fetch(`${base}/api${PATHS[name]}?${query}`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe.each(BACKENDS)('certificates on $name', (backend) => {
  const server = useTestServer(backend);
  let admin: TemplateClient;
  let adminZh: TemplateClient;
  let adminToken: string;
  let companyId: number;
  let files: ImportFiles;

  beforeAll(async () => {
    const author = await demoAuthor(server);
    admin = author.admin;
    adminZh = author.adminZh;
    companyId = author.companyId;
    adminToken = (await loginInto(server.base, '13800000002', companyId)).access_token;
    files = await withScratch(makeImportFiles);
  }, 60_000);

  describe('communication certificates', () => {
    it('issues an RSA certificate whose PKCS#12 file openssl opens without -legacy, with the password given only', async () => {
      const issued = await admin.post<CommunicationCertIssued>('communicationCertApply', {
        algorithm: 'RSA',
        password: PASSWORD,
      });
      expect(issued.status, issued.body.msg).toBe(200);
      expect(issued.headers.get('cache-control')).toBe('no-store');
      const { certificate, pkcs12, fileName } = issued.body.data;
      expect(certificate).toMatchObject({
        algorithm: 'RSA',
        keyLength: 2048,
        status: 'active',
        accessParty: null,
        createdBy: expect.any(String),
      });
      expect(fileName).toBe(`communication-${certificate.serialNumber}.p12`);
      const authority = await platformAuthority(server.database);
      await withScratch(async (file) => {
        const p12 = await file('comm.p12', Buffer.from(pkcs12, 'base64'));
        const info = await run('openssl', [
          'pkcs12',
          '-info',
          '-in',
          p12,
          '-passin',
          `pass:${PASSWORD}`,
          '-noout',
        ]);
        expect(info.stderr).toMatch(/MAC: sha256, Iteration 2048/);
        expect(info.stderr).toMatch(
          /Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256/,
        );
        const all = await file('all.pem', '');
        await run('openssl', [
          'pkcs12',
          '-in',
          p12,
          '-passin',
          `pass:${PASSWORD}`,
          '-nodes',
          '-out',
          all,
        ]);
        const leaf = await file('leaf.pem', '');
        await run('openssl', [
          'pkcs12',
          '-in',
          p12,
          '-passin',
          `pass:${PASSWORD}`,
          '-nokeys',
          '-clcerts',
          '-out',
          leaf,
        ]);
        const keyPub = await run('openssl', ['pkey', '-in', all, '-pubout']);
        const certPub = await run('openssl', ['x509', '-in', leaf, '-pubkey', '-noout']);
        expect(keyPub.stdout).toBe(certPub.stdout);
        const text = await run('openssl', [
          'x509',
          '-in',
          leaf,
          '-noout',
          '-serial',
          '-subject',
          '-ext',
          'extendedKeyUsage',
        ]);
        expect(text.stdout).toContain(`serial=${certificate.serialNumber}`);
        expect(text.stdout).toContain('CN = "Demo Technology Co., Ltd. API"');
        expect(text.stdout).toMatch(/TLS Web Client Authentication/);
        const ca = await file('ca.pem', authority.certificatePem);
        const verified = await run('openssl', ['verify', '-CAfile', ca, leaf]);
        expect(verified.stdout).toMatch(/OK/);
        await expect(
          run('openssl', ['pkcs12', '-in', p12, '-passin', 'pass:Wrong#2026', '-nodes', '-noout']),
        ).rejects.toThrow(/mac verify failure|Mac verify error|invalid password/i);
      });
      // Only the certificate is kept.
      const [row] = await server.database.query<Record<string, unknown>>(
        'SELECT * FROM communication_certificates WHERE id = $1',
        [certificate.id],
      );
      expect(Object.keys(row!).some((column) => /private|key_pem|pkcs/.test(column))).toBe(false);
      expect(JSON.stringify(row)).not.toMatch(/PRIVATE KEY/);
    });

    it('issues an SM2 certificate: an SM2 key openssl reads from the file, the certificate signed by the RSA authority', async () => {
      const issued = await admin.post<CommunicationCertIssued>('communicationCertApply', {
        algorithm: 'SM2',
        years: 1,
        password: PASSWORD,
      });
      expect(issued.status, issued.body.msg).toBe(200);
      expect(issued.body.data.certificate).toMatchObject({ algorithm: 'SM2', keyLength: 256 });
      const authority = await platformAuthority(server.database);
      await withScratch(async (file) => {
        const p12 = await file('sm2.p12', Buffer.from(issued.body.data.pkcs12, 'base64'));
        const all = await file('all.pem', '');
        await run('openssl', [
          'pkcs12',
          '-in',
          p12,
          '-passin',
          `pass:${PASSWORD}`,
          '-nodes',
          '-out',
          all,
        ]);
        const key = await run('openssl', ['pkey', '-in', all, '-text', '-noout']);
        expect(key.stdout).toMatch(/SM2/);
        const leaf = await file('leaf.pem', '');
        await run('openssl', [
          'pkcs12',
          '-in',
          p12,
          '-passin',
          `pass:${PASSWORD}`,
          '-nokeys',
          '-clcerts',
          '-out',
          leaf,
        ]);
        const keyPub = await run('openssl', ['pkey', '-in', all, '-pubout']);
        const certPub = await run('openssl', ['x509', '-in', leaf, '-pubkey', '-noout']);
        expect(keyPub.stdout).toBe(certPub.stdout);
        const ca = await file('ca.pem', authority.certificatePem);
        expect((await run('openssl', ['verify', '-CAfile', ca, leaf])).stdout).toMatch(/OK/);
      });
      const validity =
        Date.parse(issued.body.data.certificate.notAfter) -
        Date.parse(issued.body.data.certificate.notBefore);
      expect(Math.round(validity / 86_400_000)).toBeGreaterThanOrEqual(365);
      expect(Math.round(validity / 86_400_000)).toBeLessThanOrEqual(366);
    });

    it('refuses a weak password in the user’s language, and issues nothing', async () => {
      const before = await admin.get<Page<CommunicationCertificate>>('communicationCertPage');
      const weak = await adminZh.post('communicationCertApply', {
        algorithm: 'RSA',
        password: '12345678',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.msg).toContain('密码须为 8-32 位');
      const spaced = await admin.post('communicationCertApply', {
        algorithm: 'RSA',
        password: 'pass word 1',
      });
      expect(spaced.body.msg).toMatch(/8-32 letters, digits and symbols/);
      const unknown = await admin.post('communicationCertApply', {
        algorithm: 'DSA',
        password: PASSWORD,
      });
      expect(unknown.status).toBe(400);
      const after = await admin.get<Page<CommunicationCertificate>>('communicationCertPage');
      expect(after.body.data.total).toBe(before.body.data.total);
    });

    it('binds to the company’s access party only, and unbinds', async () => {
      const party = await admin.post<AccessPartySaved>('accessSaveOrUpdate', {
        name: 'ERP (production)',
      });
      expect(party.status, party.body.msg).toBe(200);
      const issued = await admin.post<CommunicationCertIssued>('communicationCertApply', {
        algorithm: 'RSA',
        accessPartyId: party.body.data.id,
        password: PASSWORD,
      });
      expect(issued.body.data.certificate.accessParty).toEqual({
        id: party.body.data.id,
        name: 'ERP (production)',
      });
      const id = issued.body.data.certificate.id;
      const unbound = await admin.post<CommunicationCertificate>('communicationCertBind', {
        id,
        accessPartyId: null,
      });
      expect(unbound.body.data.accessParty).toBeNull();

      // Another company's party is no party of this company.
      const otherCompany = await addCompany(server.database, { name: 'Bind Other Co.' });
      await addUser(server.database, {
        phone: '13900000841',
        company: { id: otherCompany, role: 'admin' },
      });
      const other = templateClient(
        server.base,
        (await loginInto(server.base, '13900000841', otherCompany)).access_token,
      );
      const theirs = await other.post<AccessPartySaved>('accessSaveOrUpdate', {
        name: 'Their ERP',
      });
      const refused = await admin.post('communicationCertBind', {
        id,
        accessPartyId: theirs.body.data.id,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('No such API access party in this company');
      const applied = await admin.post('communicationCertApply', {
        algorithm: 'RSA',
        accessPartyId: theirs.body.data.id,
        password: PASSWORD,
      });
      expect(applied.status).toBe(400);
      const bound = await admin.post<CommunicationCertificate>('communicationCertBind', {
        id,
        accessPartyId: party.body.data.id,
      });
      expect(bound.body.data.accessParty?.name).toBe('ERP (production)');
    });

    it('revokes for good: the authority’s CRL lists it, a second revocation and a binding are refused', async () => {
      const issued = await admin.post<CommunicationCertIssued>('communicationCertApply', {
        algorithm: 'RSA',
        password: PASSWORD,
      });
      const { id, serialNumber } = issued.body.data.certificate;
      const revoked = await admin.post<CommunicationCertificate>('communicationCertRevoke', {
        id,
        reason: 'keyCompromise',
      });
      expect(revoked.status, revoked.body.msg).toBe(200);
      expect(revoked.body.data).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
      const again = await admin.post('communicationCertRevoke', { id });
      expect(again.status).toBe(409);
      expect((await admin.post('communicationCertBind', { id, accessPartyId: null })).status).toBe(
        409,
      );
      const listed = await admin.get<Page<CommunicationCertificate>>('communicationCertPage', {
        status: 'revoked',
      });
      expect(listed.body.data.records.map((c) => c.id)).toContain(id);
      await withScratch(async (file) => {
        const crl = await file('crl.der', await certificateRevocationList(server.database));
        const text = await run('openssl', ['crl', '-inform', 'DER', '-in', crl, '-noout', '-text']);
        expect(text.stdout.replace(/\s/g, '')).toContain(serialNumber);
        expect(text.stdout).toMatch(/Key Compromise/);
      });
    });

    it('downloads the certificate (PEM with the authority, or DER), never a key', async () => {
      const page = await admin.get<Page<CommunicationCertificate>>('communicationCertPage');
      const [first] = page.body.data.records;
      const pemFile = await download(
        server.base,
        adminToken,
        'communicationCertDownload',
        `id=${first!.id}`,
      );
      expect(pemFile.status).toBe(200);
      expect(pemFile.headers.get('content-disposition')).toContain(
        `communication-${first!.serialNumber}.pem`,
      );
      const text = pemFile.bytes.toString();
      expect(text.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
      expect(text).not.toMatch(/PRIVATE KEY/);
      const der = await download(
        server.base,
        adminToken,
        'communicationCertDownload',
        `id=${first!.id}&format=der`,
      );
      expect(new X509Certificate(der.bytes).serialNumber).toBe(first!.serialNumber);
    });
  });

  describe('digital certificates', () => {
    let issuedId: string;

    it('issues one from the platform’s authority, active at once: RSA 2048 naming the company and its credit code', async () => {
      const applied = await admin.post<DigitalCertificate>('digitalCertApply', {
        name: 'Company signing certificate',
      });
      expect(applied.status, applied.body.msg).toBe(200);
      expect(applied.body.data).toMatchObject({
        source: 'issued',
        status: 'active',
        algorithm: 'RSA',
        keyLength: 2048,
        issuer: 'CN=eSign Platform CA, O=eSign',
        chainLength: 1,
      });
      expect(applied.body.data.subject).toContain('O=Demo Technology Co., Ltd.');
      expect(applied.body.data.subject).toMatch(/NTRCN-91310000MA1FL8XQ3B/);
      issuedId = applied.body.data.id;
      const [row] = await server.database.query<{ private_key_sealed: string }>(
        'SELECT private_key_sealed FROM digital_certificates WHERE id = $1',
        [issuedId],
      );
      expect(row!.private_key_sealed).toMatch(/^sb1\./);
      const page = await admin.get<DigitalCertificatePage>('digitalCertPage');
      expect(page.body.data.signing).toBe('certificate');
      expect(page.body.data.records[0]!.id).toBe(issuedId);
    });

    it('downloads it as PEM with its chain or DER, never the key', async () => {
      const file = await download(
        server.base,
        adminToken,
        'digitalCertDownload',
        `id=${issuedId}&format=pem`,
      );
      const text = file.bytes.toString();
      expect(text.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
      expect(text).not.toMatch(/PRIVATE/);
      const der = await download(
        server.base,
        adminToken,
        'digitalCertDownload',
        `id=${issuedId}&format=der`,
      );
      expect(der.headers.get('content-type')).toBe('application/pkix-cert');
      const authority = await platformAuthority(server.database);
      expect(
        new X509Certificate(der.bytes).verify(
          new X509Certificate(authority.certificatePem).publicKey,
        ),
      ).toBe(true);
    });

    it('imports a PKCS#12 file OpenSSL made (modern and legacy), keeping its chain; disabled beside the active one; refuses the same again', async () => {
      const imported = await admin.post<DigitalCertificate>('digitalCertImport', {
        name: 'Test Trust certificate',
        file: files.good.toString('base64'),
        password: IMPORT_PASSWORD,
      });
      expect(imported.status, imported.body.msg).toBe(200);
      expect(imported.body.data).toMatchObject({
        source: 'imported',
        status: 'disabled',
        issuer: 'CN=Test Enterprise CA, O=Test Trust',
        chainLength: 1,
      });
      const again = await admin.post('digitalCertImport', {
        name: 'Again',
        file: files.legacy.toString('base64'),
        password: IMPORT_PASSWORD,
      });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('This certificate is already in the company’s list');
      // The stored certificate is the file's, byte for byte.
      const der = await download(
        server.base,
        adminToken,
        'digitalCertDownload',
        `id=${imported.body.data.id}&format=pem`,
      );
      const [leaf, chain] = der.bytes
        .toString()
        .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
      expect(new X509Certificate(chain!).subject).toBe(new X509Certificate(files.caPem).subject);
      expect(new X509Certificate(leaf!).checkIssued(new X509Certificate(files.caPem))).toBe(true);
    });

    it('refuses bad files with clear messages in the user’s language', async () => {
      const tryImport = (
        client: TemplateClient,
        file: Buffer | string,
        password = IMPORT_PASSWORD,
      ) =>
        client.post('digitalCertImport', {
          name: 'Bad',
          file: typeof file === 'string' ? file : file.toString('base64'),
          password,
        });
      const cases: [Buffer | string, string, string][] = [
        [files.good, 'Wrong#2026', 'The password does not open this certificate file'],
        [
          Buffer.from('not a certificate at all'),
          IMPORT_PASSWORD,
          'This file is not a PKCS#12 certificate file (.p12 or .pfx)',
        ],
        [
          files.mismatched,
          IMPORT_PASSWORD,
          'The private key in the file does not belong to its certificate',
        ],
        [files.expired, IMPORT_PASSWORD, 'This certificate has expired'],
        [
          files.ec,
          IMPORT_PASSWORD,
          'Only RSA certificates of 2048 bits or more (and RSA issuers) can sign contracts here',
        ],
        [
          files.noSigning,
          IMPORT_PASSWORD,
          'This certificate’s key usage does not allow signing documents',
        ],
      ];
      for (const [file, password, text] of cases) {
        const refused = await tryImport(admin, file, password);
        expect(refused.status, text).toBe(400);
        expect(refused.body.msg).toBe(text);
      }
      const zh = await tryImport(adminZh, files.good, 'Wrong#2026');
      expect(zh.body.msg).toBe('密码错误，无法打开该证书文件');
      const empty = await admin.post('digitalCertImport', { name: 'x', file: '', password: 'x' });
      expect(empty.body.msg).toMatch(/file: Please choose a PKCS#12 certificate file/);
      const page = await admin.get<DigitalCertificatePage>('digitalCertPage');
      expect(page.body.data.total).toBe(2);
    });

    it('enables one (disabling the other), renames, revokes for good; an expired one moves no more', async () => {
      const page = await admin.get<DigitalCertificatePage>('digitalCertPage');
      const imported = page.body.data.records.find((c) => c.source === 'imported')!;
      const enabled = await admin.post<DigitalCertificate>('digitalCertUpdateStatus', {
        id: imported.id,
        status: 'active',
      });
      expect(enabled.body.data.status).toBe('active');
      const after = await admin.get<DigitalCertificatePage>('digitalCertPage');
      expect(after.body.data.records.find((c) => c.id === issuedId)!.status).toBe('disabled');
      const renamed = await admin.post<DigitalCertificate>('digitalCertUpdate', {
        id: issuedId,
        name: '  Contracts 2027 ',
      });
      expect(renamed.body.data.name).toBe('Contracts 2027');
      const long = await admin.post('digitalCertUpdate', { id: issuedId, name: 'x'.repeat(51) });
      expect(long.body.msg).toMatch(/at most 50 characters/);
      const revoked = await admin.post<DigitalCertificate>('digitalCertUpdateStatus', {
        id: issuedId,
        status: 'revoked',
        reason: 'superseded',
      });
      expect(revoked.body.data).toMatchObject({
        status: 'revoked',
        revocationReason: 'superseded',
      });
      const back = await admin.post('digitalCertUpdateStatus', { id: issuedId, status: 'active' });
      expect(back.status).toBe(409);
      expect(back.body.msg).toBe(
        'This certificate is revoked: it can no longer be used or changed',
      );
      // The platform-issued one is in the authority's CRL; the imported one is another authority's.
      await withScratch(async (file) => {
        const list = await file('crl.der', await certificateRevocationList(server.database));
        const text = await run('openssl', [
          'crl',
          '-inform',
          'DER',
          '-in',
          list,
          '-noout',
          '-text',
        ]);
        expect(text.stdout.replace(/\s/g, '')).toContain(revoked.body.data.serialNumber);
        expect(text.stdout.replace(/\s/g, '')).not.toContain(imported.serialNumber);
      });
      // Past its end, a certificate is expired and moves no more.
      await server.database.query(
        "UPDATE digital_certificates SET not_after = now() - interval '1 minute' WHERE id = $1",
        [imported.id],
      );
      const expired = await admin.get<DigitalCertificatePage>('digitalCertPage', {
        status: 'expired',
      });
      expect(expired.body.data.records.map((c) => c.id)).toEqual([imported.id]);
      expect(expired.body.data.signing).toBe('blocked');
      const moved = await admin.post('digitalCertUpdateStatus', {
        id: imported.id,
        status: 'disabled',
      });
      expect(moved.status).toBe(409);
    });
  });

  it('warns the company’s administrators once when a certificate ends within 30 days', async () => {
    const applied = await admin.post<DigitalCertificate>('digitalCertApply', {
      name: 'Ending soon',
      years: 1,
    });
    expect(applied.status, applied.body.msg).toBe(200);
    await server.database.query(
      `UPDATE digital_certificates SET not_after = now() + interval '10 days' WHERE id = $1`,
      [applied.body.data.id],
    );
    const page = await admin.get<DigitalCertificatePage>('digitalCertPage');
    expect(page.body.data.records.find((c) => c.id === applied.body.data.id)!.expiresSoon).toBe(
      true,
    );
    expect(CERT_EXPIRY_WARNING_DAYS).toBe(30);
    const count = async () =>
      (
        await server.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND title = 'Digital certificate expiring'
             AND content LIKE '%Ending soon%'`,
          [companyId],
        )
      )[0]!.n;
    expect(await warnExpiringCertificates(server.database)).toBeGreaterThanOrEqual(1);
    const [message] = await server.database.query<{
      title_zh: string;
      redirect_type: number;
      user_id: string;
    }>(
      `SELECT m.title_zh, m.redirect_type, u.phone AS user_id FROM messages m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = $1 AND m.content LIKE '%Ending soon%'`,
      [companyId],
    );
    expect(message).toMatchObject({
      title_zh: '数字证书即将到期',
      redirect_type: 8,
      user_id: '13800000002',
    });
    const first = await count();
    expect(first).toBeGreaterThanOrEqual(1);
    await warnExpiringCertificates(server.database);
    expect(await count()).toBe(first);
  });

  it('records hardware key applications and their states, which the vendor’s operator moves', async () => {
    const applied = await admin.post<HardwareKeyApplication>('hardwareKeyApply', {
      quantity: 2,
      contactName: 'Wang Fang',
      phone: '13800000002',
      address: '1 Century Avenue, Shanghai',
    });
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data).toMatchObject({
      status: 'applied',
      quantity: 2,
      number: expect.stringMatching(/^HK\d{14}$/),
    });
    const tooMany = await adminZh.post('hardwareKeyApply', {
      quantity: 21,
      contactName: 'x',
      phone: '13800000002',
      address: 'y',
    });
    expect(tooMany.body.msg).toContain('每次可申请 1 至 20 个硬件密钥');
    const lines: string[] = [];
    const out = (line: string) => void lines.push(line);
    expect(
      await runHardwareKeyCommand(server.database, ['hardware-keys'], { out, problem: out }),
    ).toBe(0);
    expect(lines.join('\n')).toContain(applied.body.data.number);
    expect(
      await runHardwareKeyCommand(server.database, ['hardware-key-ship', applied.body.data.id], {
        out,
        problem: out,
      }),
    ).toBe(2);
    expect(
      await runHardwareKeyCommand(
        server.database,
        ['hardware-key-ship', applied.body.data.id, '--tracking', 'SF1402938475612'],
        { out, problem: out },
      ),
    ).toBe(0);
    const page = await admin.get<Page<HardwareKeyApplication>>('hardwareKeyPage');
    expect(page.body.data.records[0]).toMatchObject({
      status: 'shipped',
      trackingNumber: 'SF1402938475612',
    });
    expect(
      await runHardwareKeyCommand(
        server.database,
        ['hardware-key-reject', applied.body.data.id, '--reason', 'late'],
        {
          out,
          problem: out,
        },
      ),
    ).toBe(1);
    // A tester moves an application of the own company only (development).
    const second = await admin.post<HardwareKeyApplication>('hardwareKeyApply', {
      quantity: 1,
      contactName: 'Wang Fang',
      phone: '13800000002',
      address: '1 Century Avenue, Shanghai',
    });
    const moved = await admin.post<HardwareKeyApplication>('devHardwareKeyAdvance', {
      id: second.body.data.id,
      event: 'reject',
    });
    expect(moved.body.data).toMatchObject({ status: 'rejected', rejectReason: expect.any(String) });
    const [notice] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND title = 'Hardware key shipped'`,
      [companyId],
    );
    expect(notice!.n).toBeGreaterThanOrEqual(1);
  });

  it('shows another company nothing of this one’s, and refuses to act on it', async () => {
    const otherCompany = await addCompany(server.database, { name: 'Other Certificates Co.' });
    await addUser(server.database, {
      phone: '13900000842',
      company: { id: otherCompany, role: 'admin' },
    });
    const otherToken = (await loginInto(server.base, '13900000842', otherCompany)).access_token;
    const other = templateClient(server.base, otherToken);
    const mine = await admin.get<DigitalCertificatePage>('digitalCertPage');
    const myComm = await admin.get<Page<CommunicationCertificate>>('communicationCertPage');
    const theirs = await other.get<DigitalCertificatePage>('digitalCertPage');
    expect(theirs.body.data).toMatchObject({ total: 0, records: [], signing: 'platform' });
    expect(
      (await other.get<Page<CommunicationCertificate>>('communicationCertPage')).body.data.total,
    ).toBe(0);
    expect((await other.get<Page<HardwareKeyApplication>>('hardwareKeyPage')).body.data.total).toBe(
      0,
    );
    const id = mine.body.data.records[0]!.id;
    expect((await other.post('digitalCertUpdateStatus', { id, status: 'revoked' })).status).toBe(
      404,
    );
    expect((await other.post('digitalCertUpdate', { id, name: 'Mine now' })).status).toBe(404);
    expect(
      (await download(server.base, otherToken, 'digitalCertDownload', `id=${id}`)).status,
    ).toBe(404);
    const commId = myComm.body.data.records[0]!.id;
    expect((await other.post('communicationCertRevoke', { id: commId })).status).toBe(404);
    expect(
      (await download(server.base, otherToken, 'communicationCertDownload', `id=${commId}`)).status,
    ).toBe(404);
  });

  it('asks for cert:view, cert:apply and application:cert; the personal console has no certificates', async () => {
    await addUser(server.database, {
      phone: '13900000843',
      company: { id: companyId, role: 'employee' },
    });
    await addUser(server.database, {
      phone: '13900000844',
      company: { id: companyId, role: 'legal' },
    });
    const employee = templateClient(
      server.base,
      (await loginInto(server.base, '13900000843', companyId)).access_token,
    );
    const legal = templateClient(
      server.base,
      (await loginInto(server.base, '13900000844', companyId)).access_token,
    );
    for (const name of ['digitalCertPage', 'hardwareKeyPage', 'communicationCertPage'] as const) {
      const refused = await employee.get(name);
      expect(refused.status, name).toBe(403);
      expect(refused.body.msg).toBe('No permission for now');
    }
    // The legal representative sees the certificates (cert:view) and changes nothing.
    expect((await legal.get('digitalCertPage')).status).toBe(200);
    expect((await legal.post('digitalCertApply', { name: 'Mine' })).status).toBe(403);
    expect(
      (
        await legal.post('hardwareKeyApply', {
          quantity: 1,
          contactName: 'a',
          phone: '13800000002',
          address: 'b',
        })
      ).status,
    ).toBe(403);
    expect((await legal.get('communicationCertPage')).status).toBe(403);
    expect(
      (await legal.post('communicationCertApply', { algorithm: 'RSA', password: PASSWORD })).status,
    ).toBe(403);
    const personal = templateClient(
      server.base,
      (await login(server.base, '13800000002')).access_token,
    );
    const none = await personal.get('digitalCertPage');
    expect(none.status).toBe(403);
    expect(none.body.msg).toBe(
      'Certificates belong to a company: switch to the company’s console first',
    );
  });
});
