/**
 * OpenSSL from the command line, for tests that check the signer's output with a tool sharing no
 * code with it: a scratch directory for the files it reads, and its CMS verifier.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

/** Writes `data` to `name` in the scratch directory and gives the file's path. */
export type ScratchFile = (name: string, data: string | Uint8Array) => Promise<string>;

/** Runs `work` with a fresh directory to write files into, removed afterwards. */
export async function withScratch<T>(work: (file: ScratchFile) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-openssl-'));
  try {
    return await work(async (name, data) => {
      const where = path.join(dir, name);
      await writeFile(where, data);
      return where;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `openssl cms -verify` of the detached CMS in `cmsFile` over `contentFile`, trusting `caFile`
 * (which also holds the CRLs when `crlCheck`: OpenSSL's cms has no -CRLfile). Rejects when
 * OpenSSL refuses; resolves with its output (stderr says "Verification successful").
 */
export function cmsVerify(
  cmsFile: string,
  contentFile: string,
  caFile: string,
  { crlCheck = false }: { crlCheck?: boolean } = {},
) {
  return run('openssl', [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    cmsFile,
    '-content',
    contentFile,
    '-CAfile',
    caFile,
    ...(crlCheck ? ['-crl_check'] : []),
    '-purpose',
    'any',
    '-out',
    '/dev/null',
  ]);
}
