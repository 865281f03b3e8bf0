import type { MessageKey } from '@esign/platform';
import { PermanentJobError } from '../jobs/worker';

/**
 * Why a file cannot become a document (an encrypted PDF, a Word bomb, LibreOffice missing…): a
 * message key of `@esign/platform`. Trying again cannot mend it, so a conversion job fails at
 * once; at creation it is answered as a 400.
 */
export class DocumentProblem extends PermanentJobError {
  /** `detail`: what went wrong in the server's words (LibreOffice's), for the job's last error. */
  constructor(
    readonly key: MessageKey,
    detail?: string,
  ) {
    super(detail ? `${key}: ${detail}` : key);
  }
}

/** LibreOffice did not finish in time: maybe a busy machine, so the job is tried again. */
export class ConversionTimeout extends Error {
  readonly key: MessageKey = 'conversionTimedOut';
}

/** The message key a failed document is left with. */
export function problemKey(error: unknown): MessageKey {
  return error instanceof DocumentProblem || error instanceof ConversionTimeout
    ? error.key
    : 'conversionFailed';
}
