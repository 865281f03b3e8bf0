import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertWordToPdf } from './libreoffice';
import { ConversionTimeout, DocumentProblem } from './problems';

/** Whether a process runs (a zombie waiting to be reaped has ended). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const status = `/proc/${pid}/status`;
  return !existsSync(status) || !/^State:\s+Z/m.test(readFileSync(status, 'utf8'));
}

// LibreOffice stand-ins: shell scripts that behave as soffice does in each case.
describe('running LibreOffice', () => {
  let dir: string;
  const script = (name: string, body: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const convert = (binary: string, timeoutMs?: number) =>
    convertWordToPdf(path.join(dir, 'source.docx'), 'docx', path.join(dir, 'work'), {
      binary,
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'esign-soffice-test-'));
    writeFileSync(path.join(dir, 'source.docx'), 'PK');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the PDF LibreOffice wrote, having passed it its own profile and the Word filter', async () => {
    const binary = script(
      'soffice',
      // The arguments, one a line, then a PDF where --outdir says.
      `printf '%s\\n' "$@" > "${dir}/args"; while [ "$1" != --outdir ]; do shift; done; echo '%PDF-' > "$2/source.pdf"`,
    );
    const pdf = await convert(binary);
    expect(pdf).toBe(path.join(dir, 'work', 'out', 'source.pdf'));
    const args = readFileSync(path.join(dir, 'args'), 'utf8').split('\n');
    expect(args).toEqual(
      expect.arrayContaining([
        `-env:UserInstallation=file://${path.join(dir, 'work', 'profile')}`,
        '--headless',
        '--norestore',
        '--infilter=MS Word 2007 XML',
        '--convert-to',
        'pdf',
      ]),
    );
  });

  it('says the file could not be converted when LibreOffice writes no PDF', async () => {
    const binary = script('soffice', `echo 'Error: source file could not be loaded' >&2`);
    const error = await convert(binary).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocumentProblem);
    expect((error as DocumentProblem).key).toBe('conversionFailed');
    expect((error as Error).message).toContain('source file could not be loaded');
  });

  it('says LibreOffice is not installed when there is no such binary', async () => {
    const error = await convert(path.join(dir, 'missing', 'soffice')).catch((caught) => caught);
    expect((error as DocumentProblem).key).toBe('conversionUnavailable');
  });

  it('stops a conversion past its time limit, killing the processes it started', async () => {
    const binary = script('soffice', `sleep 30 & echo $! > "${dir}/child"; wait`);
    const started = Date.now();
    const error = await convert(binary, 300).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConversionTimeout);
    expect(Date.now() - started).toBeLessThan(5_000);
    const child = Number(readFileSync(path.join(dir, 'child'), 'utf8'));
    for (let wait = 0; wait < 50 && running(child); wait++) await sleep(20);
    expect(running(child)).toBe(false);
  });
});
