/**
 * The verification page's own work: a file's SHA-256 computed in the browser (SubtleCrypto; the
 * file never leaves it), and what a match means in words. Which version a hash is belongs to the
 * platform (`matchEvidence`).
 */
import type { EvidenceMatch, EvidenceReportVersion } from '@esign/platform';
import type { TFunction } from 'i18next';

/** Whether this page can hash a file: SubtleCrypto exists on secure (https, localhost) pages only. */
export function canHash(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}

/** SHA-256 of bytes, lowercase hex. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a version of the contract is, in words: the filled document, or after a party signed. */
export function versionLabel(t: TFunction, version: EvidenceReportVersion): string {
  if (version.final) return t('evidenceReports.verify.final');
  return version.party === null
    ? t('evidenceReports.verify.filled')
    : t('evidenceReports.verify.afterParty', { party: version.party });
}

/** A match in words, and whether it is the file the report vouches for. */
export function matchWords(t: TFunction, match: EvidenceMatch): { good: boolean; text: string } {
  switch (match.kind) {
    case 'version':
      return match.version.final
        ? {
            good: true,
            text: t('evidenceReports.verify.match.final', { version: match.version.version }),
          }
        : {
            good: true,
            text: t('evidenceReports.verify.match.version', {
              what: `${versionLabel(t, match.version)}, ${match.version.version}`,
            }),
          };
    case 'document':
      return { good: true, text: t('evidenceReports.verify.match.document') };
    case 'report':
      return { good: true, text: t('evidenceReports.verify.match.report') };
    case 'none':
      return { good: false, text: t('evidenceReports.verify.match.none') };
  }
}
