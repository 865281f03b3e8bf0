/**
 * Verifying a contract's signatures as a reader does: poppler's `pdfsig` (Debian's
 * poppler-utils), with an NSS database in a temporary directory that trusts the platform's
 * authority (`certutil`, Debian's libnss3-tools). Shelling out keeps the verdict independent of
 * the code that signed: NSS checks the CMS, the digest of the signed ranges and the chain.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '../db';
import { platformAuthority } from './authority';

const run = promisify(execFile);

/** One signature of a contract's PDF as `pdfsig` reports it. */
export interface VerifiedSignature {
  /** The signer's common name. */
  signer: string;
  /** The signer certificate's distinguished name, e.g. `CN=Li Lei,O=Demo Technology Co., Ltd.`. */
  certificateSubject: string;
  /** The signing time the signature claims, as pdfsig prints it in UTC (`Nov 24 2026 06:30:00`). */
  signingTime: string;
  /** e.g. `ETSI.CAdES.detached`. */
  subFilter: string;
  /** The signed bytes' digest matches and the CMS signature verifies. */
  valid: boolean;
  /** pdfsig's words about the signature, e.g. `Signature is Valid.` or `Digest Mismatch.`. */
  signatureStatus: string;
  /** The certificate chains to a trusted root (the platform's authority). */
  trusted: boolean;
  /** pdfsig's words about the certificate, e.g. `Certificate is Trusted.`. */
  certificateStatus: string;
  /**
   * The signature covers the whole file: nothing was appended after it. Only the last signature
   * can; an earlier one is followed by the later signers' incremental updates.
   */
  coversWholeDocument: boolean;
}

/**
 * Every signature of `pdf`, in file order, verified with the platform's authority trusted.
 * A document without signatures gives an empty list.
 */
export async function verifyContractPdf(
  database: Database,
  pdf: Uint8Array,
): Promise<VerifiedSignature[]> {
  const authority = await platformAuthority(database);
  return verifyPdfSignatures(pdf, [authority.certificatePem]);
}

/** Every signature of `pdf` as `pdfsig` sees it with `trustedRoots` (PEM) trusted. */
export async function verifyPdfSignatures(
  pdf: Uint8Array,
  trustedRoots: readonly string[],
): Promise<VerifiedSignature[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-pdfsig-'));
  try {
    const nss = `sql:${dir}`;
    await run('certutil', ['-N', '-d', nss, '--empty-password']);
    for (const [index, pem] of trustedRoots.entries()) {
      const file = path.join(dir, `root-${index}.pem`);
      await writeFile(file, pem);
      await run('certutil', ['-A', '-d', nss, '-n', `root-${index}`, '-t', 'CT,C,C', '-i', file]);
    }
    const file = path.join(dir, 'contract.pdf');
    await writeFile(file, pdf);
    // pdfsig prints signing times in the local time zone: UTC, so that they read the same anywhere.
    const env = { ...process.env, TZ: 'UTC' };
    const { stdout } = await run('pdfsig', ['-nssdir', nss, file], { env }).catch(
      (error: unknown) => {
        // pdfsig exits with 2 for a document without signatures, saying so on stdout or stderr.
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        if (/does not contain any signatures/i.test(stdout + stderr)) return { stdout: '' };
        throw error;
      },
    );
    return parsePdfsig(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** pdfsig's report: `Signature #n:` blocks of `  - Key: value` lines. */
export function parsePdfsig(report: string): VerifiedSignature[] {
  const blocks = report.split(/^Signature #\d+:\s*$/m).slice(1);
  return blocks.map((block) => {
    const fields = new Map<string, string>();
    let coversWholeDocument = false;
    for (const line of block.split('\n')) {
      const match = /^\s*- ([^:]+?)(?:: (.*))?$/.exec(line);
      if (!match) continue;
      if (match[2] === undefined) coversWholeDocument ||= match[1] === 'Total document signed';
      else fields.set(match[1]!, match[2].trim());
    }
    const signatureStatus = fields.get('Signature Validation') ?? '';
    const certificateStatus = fields.get('Certificate Validation') ?? '';
    return {
      signer: fields.get('Signer Certificate Common Name') ?? '',
      certificateSubject: fields.get('Signer full Distinguished Name') ?? '',
      signingTime: fields.get('Signing Time') ?? '',
      subFilter: fields.get('Signature Type') ?? '',
      valid: signatureStatus === 'Signature is Valid.',
      signatureStatus,
      trusted: certificateStatus === 'Certificate is Trusted.',
      certificateStatus,
      coversWholeDocument,
    };
  });
}
