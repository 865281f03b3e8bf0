import { spawn } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConversionTimeout, DocumentProblem } from './problems';

/** A conversion that takes longer is stopped (and its whole process group killed). */
export const CONVERSION_TIMEOUT_MS = 120_000;
/** What LibreOffice said on stderr, kept for the job's last error. */
const STDERR_MAX = 2000;

/** LibreOffice's import filter for each kind of Word file: nothing else is opened as Word. */
const IMPORT_FILTERS = { doc: 'MS Word 97', docx: 'MS Word 2007 XML' } as const;
export type WordType = keyof typeof IMPORT_FILTERS;

/** The LibreOffice binary: `SOFFICE_PATH`, else `soffice` on the PATH (read at each conversion). */
export function libreOfficeBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env.SOFFICE_PATH || 'soffice';
}

export interface ConversionOptions {
  binary: string;
  timeoutMs?: number;
  /** Stops the conversion (the job was lost to another worker). */
  signal?: AbortSignal;
}

/** Kills a detached child's whole process group (soffice is a script that starts soffice.bin). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group has ended already.
  }
}

/**
 * Converts the Word file `source` (in `workDir`, which the caller removes afterwards) to PDF with
 * LibreOffice in a child process: headless, with a profile of its own in `workDir` so that
 * conversions running at once do not share one, within a time limit. Gives the PDF's path.
 * Throws `DocumentProblem('conversionUnavailable')` when LibreOffice cannot be started,
 * `DocumentProblem('conversionFailed')` when it could not open the file, `ConversionTimeout`.
 */
export async function convertWordToPdf(
  source: string,
  type: WordType,
  workDir: string,
  { binary, timeoutMs = CONVERSION_TIMEOUT_MS, signal }: ConversionOptions,
): Promise<string> {
  const outDir = path.join(workDir, 'out');
  const profile = path.join(workDir, 'profile');
  await mkdir(outDir, { recursive: true });
  const args = [
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    '--headless',
    '--norestore',
    '--nologo',
    '--nolockcheck',
    `--infilter=${IMPORT_FILTERS[type]}`,
    '--convert-to',
    'pdf',
    '--outdir',
    outDir,
    source,
  ];
  const stderr = await new Promise<string>((resolve, reject) => {
    // Detached: its own process group, so that a timeout kills soffice.bin too.
    const child = spawn(binary, args, {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, HOME: workDir },
    });
    let said = '';
    let settled = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (said.length < STDERR_MAX) said += text;
    });
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      killGroup(child.pid);
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new ConversionTimeout())), timeoutMs);
    const abort = () => finish(() => reject(signal!.reason));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    child.once('error', (error: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          error.code === 'ENOENT' || error.code === 'EACCES'
            ? new DocumentProblem('conversionUnavailable')
            : error,
        ),
      ),
    );
    child.once('exit', (code, exitSignal) =>
      finish(() =>
        code === 0
          ? resolve(said)
          : reject(new Error(`LibreOffice ended with ${code ?? exitSignal}: ${said.trim()}`)),
      ),
    );
  });
  const pdf = path.join(outDir, `${path.parse(source).name}.pdf`);
  try {
    await access(pdf);
  } catch {
    // LibreOffice ends with 0 even when it could not load the file ("source file could not be
    // loaded"): no PDF is the sign.
    throw new DocumentProblem('conversionFailed', stderr.trim());
  }
  return pdf;
}
