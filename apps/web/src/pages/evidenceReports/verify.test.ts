import { EVIDENCE_REPORT_EXAMPLES, EVIDENCE_VERIFY_PAGE, matchEvidence } from '@esign/platform';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../../routes/table';
import { matchWords, sha256Hex } from './verify';

const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values ? ` ${JSON.stringify(values)}` : ''}`) as never;

describe('the evidence verification page', () => {
  it('hashes a file as sha256sum does', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 a contract');
    expect(await sha256Hex(bytes.buffer as ArrayBuffer)).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });

  it('is where the reports’ links point', () => {
    expect(PUBLIC_ROUTES.evidenceVerify.path).toBe(EVIDENCE_VERIFY_PAGE);
  });

  it('says the final signed PDF, an earlier version and no match apart', () => {
    const summary = EVIDENCE_REPORT_EXAMPLES.summary;
    const final = matchWords(t, matchEvidence(summary, summary.versions.at(-1)!.sha256));
    expect(final).toEqual({
      good: true,
      text: 'evidenceReports.verify.match.final {"version":2}',
    });
    const first = matchWords(t, matchEvidence(summary, summary.versions[1]!.sha256));
    expect(first.text).toContain('evidenceReports.verify.match.version');
    expect(first.text).toContain('afterParty');
    expect(matchWords(t, matchEvidence(summary, 'f'.repeat(64))).good).toBe(false);
  });
});
