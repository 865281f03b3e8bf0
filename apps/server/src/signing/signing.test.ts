import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { PDFDocument, degrees } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inkBounds,
  qpdfCheck,
  rasterise,
  redInk,
  solidPng,
} from '../../../../packages/template-editor/src/test-support/pdf';
import { migrate, openDatabase, type Database } from '../db';
import { BACKENDS } from '../test-support/server';
import {
  SignerRevokedError,
  platformAuthority,
  signerCredentials,
  timestampingCredentials,
} from './authority';
import { certificateRevocationList, revokeSigner } from './revocation';
import { cmsVerify, run, withScratch } from './testing/openssl';
import { signContract, verifyContractPdf, type SealStamp } from './index';
import {
  certificateOf,
  derOfCertificate,
  dssOf,
  pem,
  signaturesOf,
  timestampOf,
} from './testing/pdfSignatures';

const PARTY_A = {
  id: 'company:1:user:1',
  name: 'Li Lei',
  organisation: 'Demo Technology Co., Ltd.',
};
const PARTY_B = { id: 'user:2', name: '韩梅梅' };
/**
 * What one signature may add besides its seal image: the placeholder is 10 KB of hex (5 KB: the
 * CMS and its timestamp token, measured 4.0 KB), and the /DSS its signer's certificate; the first
 * signature's store also takes the CA's and TSA's certificates and the CRL (FIRST_DSS).
 */
const PER_SIGNATURE = 13_000;
const FIRST_DSS = 3_000;
/** And per page stamped: the page's dictionary written again, and a small content stream. */
const PER_PAGE = 500;
const RED_SEAL = solidPng(120, 120, [220, 20, 20, 255]);
const BLUE_SEAL = solidPng(100, 60, [20, 20, 220, 255]);

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) {
    doc.addPage([595, 842]).drawText(`Contract page ${i + 1}`, { x: 72, y: 770, size: 18 });
  }
  return doc.save({ useObjectStreams: false });
}

function onEveryPage(stamp: Omit<SealStamp, 'page'>, pages: number): SealStamp[] {
  return Array.from({ length: pages }, (_, index) => ({ ...stamp, page: index + 1 }));
}

async function qpdfPasses(pdf: Uint8Array): Promise<void> {
  await expect(qpdfCheck(pdf)).resolves.toMatch(/No syntax or stream encoding errors/);
}

describe.each(BACKENDS)('signing contracts on $name', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let connectAgain: Awaited<ReturnType<typeof backend.open>>['connectAgain'];

  beforeAll(async () => {
    ({ database, cleanup, connectAgain } = await backend.open());
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
    await cleanup();
  });

  /** Party A signs `pdf` with its red seal at `stampsA`, then party B A's bytes with its blue one. */
  async function signByBoth(pdf: Uint8Array, stampsA: SealStamp[], stampsB: SealStamp[]) {
    const a = await signContract(database, {
      pdf,
      stamps: stampsA,
      sealPng: RED_SEAL,
      signer: PARTY_A,
      reason: 'Party A signs contract HT-001',
      location: 'Shanghai',
    });
    const b = await signContract(database, {
      pdf: a.pdf,
      stamps: stampsB,
      sealPng: BLUE_SEAL,
      signer: PARTY_B,
      reason: 'Party B signs contract HT-001',
    });
    return { a, b };
  }

  it('two parties sign one after another; each signature an incremental update every reader verifies', async () => {
    const original = await twoPagePdf();
    const { a, b } = await signByBoth(
      original,
      onEveryPage({ x: 450, y: 700, width: 120, height: 120, rotate: 0 }, 2),
      [{ page: 2, x: 150, y: 700, width: 100, height: 60, rotate: 0 }],
    );

    expect(Buffer.from(a.pdf.subarray(0, original.length)).equals(original)).toBe(true);
    expect(Buffer.from(b.pdf.subarray(0, a.pdf.length)).equals(Buffer.from(a.pdf))).toBe(true);
    expect(b.sha256).toMatch(/^[0-9a-f]{64}$/);

    const signatures = await verifyContractPdf(database, b.pdf);
    expect(signatures).toMatchObject([
      {
        signer: 'Li Lei',
        certificateSubject: expect.stringContaining('Demo Technology Co., Ltd.'),
        subFilter: 'ETSI.CAdES.detached',
        valid: true,
        trusted: true,
        coversWholeDocument: false,
      },
      { signer: '韩梅梅', valid: true, trusted: true, coversWholeDocument: true },
    ]);
    await qpdfPasses(b.pdf);

    // The seal image is embedded once however many pages it is stamped on. Measured: 15,867 bytes
    // for A (357 of seal, 2 pages, the store's first entries) and 13,080 for B (223 of seal, 1
    // page); 8,386 and 7,954 before the timestamp (B-T) and the /DSS (B-LT).
    const bound = (seal: Uint8Array, pages: number) =>
      seal.length + PER_SIGNATURE + pages * PER_PAGE;
    expect(a.signatureInfo.addedBytes).toBeLessThanOrEqual(bound(RED_SEAL, 2) + FIRST_DSS);
    expect(b.signatureInfo.addedBytes).toBeLessThanOrEqual(bound(BLUE_SEAL, 1));
    expect(b.pdf.length).toBeLessThanOrEqual(
      original.length + bound(RED_SEAL, 2) + FIRST_DSS + bound(BLUE_SEAL, 1),
    );
  });

  it('makes CMS signatures that OpenSSL verifies on their own, each binding its certificate (signing-certificate-v2)', async () => {
    const { b } = await signByBoth(
      await twoPagePdf(),
      [{ page: 1, x: 450, y: 700, width: 120, height: 120, rotate: 0 }],
      [{ page: 2, x: 150, y: 700, width: 100, height: 60, rotate: 0 }],
    );
    await withScratch(async (file) => {
      const ca = await file('ca.pem', (await platformAuthority(database)).certificatePem);
      const signatures = signaturesOf(b.pdf);
      expect(signatures).toHaveLength(2);
      for (const [index, { cms, signed }] of signatures.entries()) {
        const cmsFile = await file(`cms-${index}.der`, cms);
        const contentFile = await file(`content-${index}.bin`, signed);
        // The signature, its digest of the signed bytes and the chain up to the platform's
        // authority, checked by OpenSSL, which shares no code with the signer.
        const verified = await cmsVerify(cmsFile, contentFile, ca);
        expect(verified.stderr).toMatch(/Verification successful/);
        const printed = (
          await run('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cmsFile])
        ).stdout;
        expect(printed).toMatch(/signingCertificateV2/);
        expect(printed).toMatch(/messageDigest/);
        // B-T: the time is the timestamp's, not the signer's own claim.
        expect(printed).not.toMatch(/signingTime/);
        expect(printed).toMatch(/id-smime-aa-timeStampToken/);
        // The timestamp token over the signature value, checked by OpenSSL's RFC 3161 verifier
        // with the platform CA as trust anchor (which also asks the TSA certificate for the
        // critical extended key usage timeStamping).
        const stamp = timestampOf(cms);
        const tokenFile = await file(`token-${index}.der`, stamp.token);
        const valueFile = await file(`value-${index}.bin`, stamp.signatureValue);
        const tsVerify = (data: string) =>
          run('openssl', [
            'ts',
            '-verify',
            '-data',
            data,
            '-in',
            tokenFile,
            '-token_in',
            '-CAfile',
            ca,
          ]);
        expect((await tsVerify(valueFile)).stdout).toMatch(/Verification: OK/);
        await expect(tsVerify(contentFile)).rejects.toThrow(/message imprint mismatch/);
        // A flipped byte in what the signature covers is refused.
        const middle = signed.length >> 1;
        signed.writeUInt8(signed.readUInt8(middle) ^ 0xff, middle);
        await file(`content-${index}.bin`, signed);
        await expect(cmsVerify(cmsFile, contentFile, ca)).rejects.toThrow();
      }
    });
  });

  it('a byte changed inside a signed range is reported by the signatures that cover it', async () => {
    const { a, b } = await signByBoth(
      await twoPagePdf(),
      [{ page: 1, x: 300, y: 400, width: 120, height: 120, rotate: 15 }],
      [{ page: 2, x: 300, y: 400, width: 100, height: 60, rotate: 0 }],
    );
    const text = Buffer.from(b.pdf).toString('latin1');

    // In the original document (both signatures cover it): the first page's 595 becomes 695.
    const inOriginal = b.pdf.slice();
    inOriginal[text.indexOf('595 842')] = '6'.charCodeAt(0);
    expect(await verifyContractPdf(database, inOriginal)).toMatchObject([
      { valid: false, signatureStatus: 'Digest Mismatch.' },
      { valid: false, signatureStatus: 'Digest Mismatch.' },
    ]);

    // In B's update (only B's signature covers it): a letter of B's reason.
    const inSecondUpdate = b.pdf.slice();
    const reason = text.indexOf('/Reason <FEFF', a.pdf.length) + '/Reason <FEFF'.length;
    inSecondUpdate[reason + 3] = inSecondUpdate[reason + 3] === 0x35 ? 0x36 : 0x35;
    expect(await verifyContractPdf(database, inSecondUpdate)).toMatchObject([
      { valid: true },
      { valid: false, signatureStatus: 'Digest Mismatch.' },
    ]);
  });

  it('signs a document written with cross-reference streams, as many writers do', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('Contract');
    // B signs without a seal of its own on the page.
    const { b } = await signByBoth(
      await doc.save({ useObjectStreams: true }),
      [{ page: 1, x: 450, y: 700, width: 120, height: 120, rotate: 0 }],
      [],
    );
    expect(await verifyContractPdf(database, b.pdf)).toMatchObject([
      { valid: true, trusted: true },
      { valid: true, trusted: true, coversWholeDocument: true },
    ]);
    await qpdfPasses(b.pdf);
  });

  it('a document without signatures has none to report', async () => {
    await expect(verifyContractPdf(database, await twoPagePdf())).resolves.toEqual([]);
  });

  it('stamps a rotated page where the reader sees the seal', async () => {
    const doc = await PDFDocument.create();
    // A portrait page shown turned a quarter clockwise, cropped: displayed 700 × 500 points.
    const page = doc.addPage([595, 842]);
    page.setRotation(degrees(90));
    page.setCropBox(40, 60, 500, 700);
    const pdf = await doc.save({ useObjectStreams: false });
    const stamp = { page: 1, x: 500, y: 120, width: 120, height: 80, rotate: 0 };
    const signed = await signContract(database, {
      pdf,
      stamps: [stamp],
      sealPng: solidPng(120, 80, [220, 20, 20, 255]),
      signer: PARTY_B,
      reason: 'Party B signs',
    });
    const raster = await rasterise(signed.pdf, 1, 72);
    expect([raster.width, raster.height]).toEqual([700, 500]);
    const ink = inkBounds(raster, redInk)!;
    expect(ink.x).toBeCloseTo(stamp.x, 0);
    expect(ink.y).toBeCloseTo(stamp.y, 0);
    expect(ink.right - ink.left).toBeCloseTo(stamp.width, -1);
    expect(ink.bottom - ink.top).toBeCloseTo(stamp.height, -1);
  });

  it('carries the validation data in the /DSS (B-LT): with it alone OpenSSL checks every signature against the CRL, offline', async () => {
    const original = await twoPagePdf();
    const { a, b } = await signByBoth(
      original,
      [{ page: 1, x: 450, y: 700, width: 120, height: 120, rotate: 0 }],
      [{ page: 2, x: 150, y: 700, width: 100, height: 60, rotate: 0 }],
    );
    // Each signature's update carries the store as it stands then; B's keeps A's entries.
    const [dssA, dssB] = await Promise.all([dssOf(a.pdf), dssOf(b.pdf)]);
    const signatures = signaturesOf(b.pdf);
    const signers = signatures.map(({ cms }) => derOfCertificate(certificateOf(cms)));
    const authority = derOfCertificate((await platformAuthority(database)).certificate);
    const tsa = derOfCertificate((await timestampingCredentials(database)).certificate);
    const has = (list: Buffer[], item: Buffer) => list.some((entry) => entry.equals(item));
    for (const needed of [signers[0]!, authority, tsa])
      expect(has(dssA.certificates, needed)).toBe(true);
    for (const needed of [...signers, authority, tsa])
      expect(has(dssB.certificates, needed)).toBe(true);
    expect(dssB.certificates).toHaveLength(4); // two signers', the CA's and the TSA's: none twice
    expect(dssA.crls.length).toBeGreaterThanOrEqual(1);
    expect(dssB.crls.length).toBeGreaterThanOrEqual(dssA.crls.length);
    expect(await verifyContractPdf(database, b.pdf)).toMatchObject([
      { valid: true, trusted: true },
      { valid: true, trusted: true },
    ]);

    await withScratch(async (file) => {
      const ca = await file('ca.pem', pem('CERTIFICATE', authority));
      // Each CRL is the platform CA's, signed by it.
      for (const [index, crl] of dssB.crls.entries()) {
        const crlFile = await file(`crl-${index}.der`, crl);
        const { stderr } = await run('openssl', [
          'crl',
          '-inform',
          'DER',
          '-in',
          crlFile,
          '-CAfile',
          ca,
          '-noout',
        ]);
        expect(stderr).toMatch(/verify OK/);
      }
      // The CA and the /DSS CRLs are all OpenSSL is given.
      const caAndCrls = await file(
        'ca-crls.pem',
        [pem('CERTIFICATE', authority), ...dssB.crls.map((crl) => pem('X509 CRL', crl))].join(''),
      );
      for (const [index, { cms, signed }] of signatures.entries()) {
        const { stderr } = await cmsVerify(
          await file(`cms-${index}.der`, cms),
          await file(`content-${index}.bin`, signed),
          caAndCrls,
          { crlCheck: true },
        );
        expect(stderr).toMatch(/Verification successful/);
      }
    });
  });

  it('a revoked signer signs nothing more; an earlier signature stays valid by the CRL its file carries, and today’s CRL names it revoked', async () => {
    const signer = { id: 'user:77', name: 'Zhao Lei' };
    const signed = await signContract(database, {
      pdf: await twoPagePdf(),
      stamps: [],
      sealPng: BLUE_SEAL,
      signer,
      reason: 'Party A signs contract HT-077',
    });
    // Recorded as contract/sign records it, so that revoking the key revokes this certificate.
    await database.query(
      `INSERT INTO signature_certificates (serial, signer_id, key_serial) VALUES ($1, $2, $3)`,
      [signed.signatureInfo.certificateSerial, signer.id, signed.signatureInfo.keySerial],
    );
    expect(await revokeSigner(database, signer.id, 'keyCompromise')).toBe(2);
    await expect(
      signContract(database, {
        pdf: signed.pdf,
        stamps: [],
        sealPng: BLUE_SEAL,
        signer,
        reason: 'Party B signs contract HT-077',
      }),
    ).rejects.toBeInstanceOf(SignerRevokedError);

    const [{ cms, signed: content }] = signaturesOf(signed.pdf) as [
      { cms: Buffer; signed: Buffer },
    ];
    const { crls } = await dssOf(signed.pdf);
    const today = await certificateRevocationList(database);
    await withScratch(async (file) => {
      const ca = (await platformAuthority(database)).certificatePem;
      const cmsFile = await file('cms.der', cms);
      const contentFile = await file('content.bin', content);
      const verify = async (crlPem: string) =>
        cmsVerify(cmsFile, contentFile, await file('ca-crl.pem', ca + crlPem), { crlCheck: true });
      const embedded = await verify(crls.map((crl) => pem('X509 CRL', crl)).join(''));
      expect(embedded.stderr).toMatch(/Verification successful/);
      await expect(verify(pem('X509 CRL', today))).rejects.toThrow(/certificate revoked/);
      const listed = await run('openssl', [
        'crl',
        '-inform',
        'DER',
        '-in',
        await file('today.der', today),
        '-noout',
        '-text',
      ]);
      expect(listed.stdout.toUpperCase()).toContain(
        signed.signatureInfo.certificateSerial.toUpperCase(),
      );
      expect(listed.stdout).toMatch(/Key Compromise/);
    });
  });

  it('creates the authority once and gives each signer a certificate of its own, reused', async () => {
    const authority = await platformAuthority(database);
    const first = await signerCredentials(database, PARTY_A);
    const again = await signerCredentials(database, PARTY_A);
    const other = await signerCredentials(database, { id: 'user:3', name: 'Wang Fang' });
    expect(again.certificate.serialNumber).toBe(first.certificate.serialNumber);
    expect(other.certificate.serialNumber).not.toBe(first.certificate.serialNumber);
    expect(first.certificate.getExtension('keyUsage')).toMatchObject({
      digitalSignature: true,
      nonRepudiation: true,
    });
    expect(first.certificate.subject.getField('O').value).toBe('Demo Technology Co., Ltd.');
    expect(authority.certificate.verify(first.certificate)).toBe(true);

    // Another process on the same database reads the same authority and certificates.
    const elsewhere = await connectAgain();
    try {
      const seen = await platformAuthority(elsewhere.database);
      expect(seen.certificatePem).toBe(authority.certificatePem);
      const reused = await signerCredentials(elsewhere.database, PARTY_A);
      expect(reused.certificate.serialNumber).toBe(first.certificate.serialNumber);
    } finally {
      await elsewhere.close();
    }

    // A renamed signer gets a new certificate.
    const renamed = await signerCredentials(database, { ...PARTY_A, name: 'Li Lei (CFO)' });
    expect(renamed.certificate.serialNumber).not.toBe(first.certificate.serialNumber);
    expect(renamed.certificate.subject.getField('CN').value).toBe('Li Lei (CFO)');
  });

  it('three parties — one person holding two, and signing for a company too: every revision verifies, every signature trusted by pdfsig under a certificate of its own', async () => {
    const person = { id: 'user:9', name: '王芳' };
    const forCompany = {
      id: 'company:4:user:9',
      name: '王芳',
      organisation: '某某科技有限公司',
      organisationId: '91310000MA1FL0000X',
    };
    let pdf = await twoPagePdf();
    const revisions = [pdf];
    const serials: string[] = [];
    for (const signer of [person, person, forCompany]) {
      const signed = await signContract(database, {
        pdf,
        stamps: [
          { page: 1, x: 100 + serials.length * 150, y: 600, width: 100, height: 60, rotate: 0 },
        ],
        sealPng: BLUE_SEAL,
        signer,
        reason: `Signs as party ${'ABC'[serials.length]}`,
      });
      pdf = signed.pdf;
      revisions.push(pdf);
      serials.push(signed.signatureInfo.certificateSerial);
    }
    expect(new Set(serials).size).toBe(3);
    // Three parties: each revision an exact prefix of the next, and each one's signatures valid.
    for (const [index, revision] of revisions.entries()) {
      if (index > 0) {
        const before = revisions[index - 1]!;
        expect(Buffer.from(revision.subarray(0, before.length)).equals(before)).toBe(true);
        const verdicts = await verifyContractPdf(database, revision);
        expect(verdicts).toHaveLength(index);
        expect(verdicts.every((verdict) => verdict.valid && verdict.trusted)).toBe(true);
      }
    }
    expect(await verifyContractPdf(database, pdf)).toMatchObject([
      { signer: '王芳', valid: true, trusted: true, certificateStatus: 'Certificate is Trusted.' },
      { signer: '王芳', valid: true, trusted: true, certificateStatus: 'Certificate is Trusted.' },
      {
        signer: '王芳',
        certificateSubject: expect.stringMatching(
          /某某科技有限公司.*NTRCN-91310000MA1FL0000X|NTRCN-91310000MA1FL0000X.*某某科技有限公司/,
        ),
        valid: true,
        trusted: true,
        coversWholeDocument: true,
      },
    ]);
    // Each signature's certificate vouches for the signer's one key, issued by the authority.
    const authority = await platformAuthority(database);
    const { certificate: record } = await signerCredentials(database, person);
    const certificates = signaturesOf(pdf).map(({ cms }) => certificateOf(cms));
    for (const certificate of certificates.slice(0, 2)) {
      expect(authority.certificate.verify(certificate)).toBe(true);
      expect(forge.pki.publicKeyToPem(certificate.publicKey)).toBe(
        forge.pki.publicKeyToPem(record.publicKey),
      );
    }
    expect(certificates.map((certificate) => certificate.serialNumber)).toEqual(serials);
  });
});

describe('the platform authority', () => {
  it('is created on first start and the same after the database is reopened', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'esign-signing-'));
    try {
      const first = await openDatabase({ dataDir });
      await migrate(first);
      const created = await platformAuthority(first);
      await first.close();
      const reopened = await openDatabase({ dataDir });
      await migrate(reopened);
      const read = await platformAuthority(reopened);
      await reopened.close();
      expect(read.certificatePem).toBe(created.certificatePem);
      expect(read.certificate.getExtension('basicConstraints')).toMatchObject({ cA: true });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
