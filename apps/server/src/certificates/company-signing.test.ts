/**
 * A company's contracts signed with its own digital certificate, on both databases, checked with
 * poppler's `pdfsig` and `openssl cms -verify`: the platform's per-signer key while the company
 * has no certificate; the certificate the authority issued it once it has one; a revoked one
 * signs nothing more while what it signed stays valid by the CRL its file carries; an imported
 * one signs, trusted where its authority is.
 */
import { X509Certificate } from 'node:crypto';
import type { DigitalCertificate } from '@esign/platform';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUIET } from '../batch-sign/test-support';
import { latestContractFile, readContractFile } from '../contracts/contract-pdf';
import { platformAuthority } from '../signing';
import { certificateRevocationList } from '../signing/revocation';
import { cmsVerify, withScratch } from '../signing/testing/openssl';
import { certificateOf, dssOf, pem, signaturesOf } from '../signing/testing/pdfSignatures';
import { verifyPdfSignatures } from '../signing/verify';
import { localStorage } from '../storage';
import { loginInto } from '../test-support/companies';
import { BACKENDS, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sendForSigning,
  signAs,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient } from '../test-support/templates';
import { IMPORT_PASSWORD, makeImportFiles, type ImportFiles } from './test-files';

describe.each(BACKENDS)('a company signing with its digital certificate on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  let files: ImportFiles;
  let authorityPem: string;
  /** The contract the issued certificate signed, before it was revoked. */
  let signedBefore: Uint8Array;
  let issued: DigitalCertificate;

  beforeAll(async () => {
    cast = await signingCast(server);
    files = await withScratch(makeImportFiles);
    authorityPem = (await platformAuthority(server.database)).certificatePem;
  }, 60_000);

  const pdfOf = async (id: number) =>
    readContractFile(
      localStorage(server.files),
      (await latestContractFile(server.database, id))!,
      QUIET,
    );

  /**
   * A serial number's value. forge writes the DER integer's bytes, with the 00 that keeps a
   * serial starting at 0x80 or above positive ("00EB79…"); the API shows OpenSSL's ("EB79…").
   */
  const serialValue = (hex: string) => BigInt(`0x${hex}`);

  /** A contract signed by the company (A, its administrator) and the person (B). */
  async function signedContract(): Promise<Uint8Array> {
    const contract = await sendForSigning(server, cast);
    const a = await signAs(server, cast.admin, ADMIN_PHONE, contract.id);
    expect(a.status, a.body.msg).toBe(200);
    const b = await signAs(server, cast.person, PERSON_PHONE, contract.id);
    expect(b.status, b.body.msg).toBe(200);
    return pdfOf(contract.id);
  }

  it('without a certificate, the company signs with the key the platform issues its signer', async () => {
    const pdf = await signedContract();
    const [company] = signaturesOf(pdf);
    const certificate = certificateOf(company!.cms);
    expect(certificate.subject.getField('O').value).toBe('Demo Technology Co., Ltd.');
    expect(certificate.subject.getField('CN').value).not.toBe('Demo Technology Co., Ltd.');
    const [row] = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM signature_certificates WHERE serial = $1',
      [certificate.serialNumber],
    );
    expect(row!.n).toBe(1);
  });

  it('with an issued certificate, the company’s signature is made under it: pdfsig finds it valid and trusted', async () => {
    const applied = await cast.admin.post<DigitalCertificate>('digitalCertApply', {
      name: 'Company signing certificate',
    });
    expect(applied.status, applied.body.msg).toBe(200);
    issued = applied.body.data;
    signedBefore = await signedContract();
    const signatures = signaturesOf(signedBefore);
    const own = certificateOf(signatures[0]!.cms);
    expect(serialValue(own.serialNumber)).toBe(serialValue(issued.serialNumber));
    expect(own.subject.getField('CN').value).toBe('Demo Technology Co., Ltd.');
    const verified = await verifyPdfSignatures(signedBefore, [authorityPem]);
    expect(verified).toMatchObject([
      { valid: true, trusted: true, signer: 'Demo Technology Co., Ltd.' },
      { valid: true, trusted: true },
    ]);
  });

  it('a revoked certificate signs nothing more (a clear refusal); what it signed before stays valid by the CRL its file carries', async () => {
    const revoked = await cast.admin.post<DigitalCertificate>('digitalCertUpdateStatus', {
      id: issued.id,
      status: 'revoked',
      reason: 'keyCompromise',
    });
    expect(revoked.body.data.status).toBe('revoked');
    const contract = await sendForSigning(server, cast);
    const refused = await signAs(server, cast.admin, ADMIN_PHONE, contract.id);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/^The company’s digital certificate has been revoked/);
    const adminZh = templateClient(
      server.base,
      (await loginInto(server.base, ADMIN_PHONE, cast.companyId)).access_token,
      'zh',
    );
    const refusedZh = await signAs(server, adminZh, ADMIN_PHONE, contract.id);
    expect(refusedZh.body.msg).toMatch(/^企业数字证书已吊销，不能再签署/);
    // The person still signs for themselves.
    const person = await signAs(server, cast.person, PERSON_PHONE, contract.id);
    expect(person.status, person.body.msg).toBe(200);

    // The earlier file: pdfsig trusts it, and OpenSSL with only the CRLs of its /DSS.
    expect(await verifyPdfSignatures(signedBefore, [authorityPem])).toMatchObject([
      { valid: true, trusted: true },
      { valid: true, trusted: true },
    ]);
    const [{ cms, signed }] = signaturesOf(signedBefore) as [{ cms: Buffer; signed: Buffer }];
    const { crls } = await dssOf(signedBefore);
    const today = await certificateRevocationList(server.database);
    await withScratch(async (file) => {
      const cmsFile = await file('cms.der', cms);
      const content = await file('content.bin', signed);
      const verify = async (crlPem: string) =>
        cmsVerify(cmsFile, content, await file('ca-crl.pem', authorityPem + crlPem), {
          crlCheck: true,
        });
      const embedded = await verify(crls.map((crl) => pem('X509 CRL', crl)).join(''));
      expect(embedded.stderr).toMatch(/Verification successful/);
      await expect(verify(pem('X509 CRL', today))).rejects.toThrow(/certificate revoked/);
    });
  });

  it('an imported certificate, once active, signs: pdfsig trusts it where its authority is trusted', async () => {
    const imported = await cast.admin.post<DigitalCertificate>('digitalCertImport', {
      name: 'Test Trust certificate',
      file: files.good.toString('base64'),
      password: IMPORT_PASSWORD,
    });
    expect(imported.status, imported.body.msg).toBe(200);
    // The company's last certificate was revoked and none other was active: this one is.
    expect(imported.body.data.status).toBe('active');
    const pdf = await signedContract();
    const own = certificateOf(signaturesOf(pdf)[0]!.cms);
    expect(serialValue(own.serialNumber)).toBe(serialValue(imported.body.data.serialNumber));
    expect(
      new X509Certificate(forge.pki.certificateToPem(own)).checkIssued(
        new X509Certificate(files.caPem),
      ),
    ).toBe(true);
    expect(await verifyPdfSignatures(pdf, [authorityPem, files.caPem])).toMatchObject([
      { valid: true, trusted: true, signer: 'Demo Technology Co., Ltd.' },
      { valid: true, trusted: true },
    ]);
    // Without its authority, the signature is intact and its signer unknown to the reader.
    const [untrusted] = await verifyPdfSignatures(pdf, [authorityPem]);
    expect(untrusted).toMatchObject({ valid: true, trusted: false });

    // Disabled, with no other active: the company signs nothing, and says why.
    await cast.admin.post('digitalCertUpdateStatus', {
      id: imported.body.data.id,
      status: 'disabled',
    });
    const contract = await sendForSigning(server, cast);
    const refused = await signAs(server, cast.admin, ADMIN_PHONE, contract.id);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/^The company has no active digital certificate/);
  });
});
