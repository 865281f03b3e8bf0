import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_REPORT_EXAMPLES,
  evidenceReportApplyBody,
  evidenceReportDueAt,
  evidenceReportPageQuery,
  evidenceReportVerifyQuery,
  matchEvidence,
} from './evidence-reports';
import './index';
import { message } from './messages';

/** A time given in China's time zone (UTC+8), as an instant. */
const china = (text: string) => new Date(`${text}+08:00`);

describe('evidence report due time (spec 000 §9: 1–2 working days)', () => {
  it.each([
    ['Monday morning', '2026-12-07T09:00:00', '2026-12-08T18:00:00'],
    ['Monday just before midnight', '2026-12-07T23:59:00', '2026-12-08T18:00:00'],
    ['Thursday evening', '2026-12-10T20:00:00', '2026-12-11T18:00:00'],
    ['Friday afternoon', '2026-12-11T15:00:00', '2026-12-14T18:00:00'],
    ['Saturday', '2026-12-12T10:00:00', '2026-12-14T18:00:00'],
    ['Sunday late', '2026-12-13T23:30:00', '2026-12-14T18:00:00'],
    // 01:00 on Tuesday in China is still Monday in UTC: China's day decides.
    ['Tuesday 01:00', '2026-12-08T01:00:00', '2026-12-09T18:00:00'],
  ])('applied on %s is due at 18:00 China time of the next working day', (_, at, due) => {
    expect(evidenceReportDueAt(china(at)).toISOString()).toBe(china(due).toISOString());
  });

  it('is never sooner than the end of the next working day, never later than two working days', () => {
    for (let hour = 0; hour < 24 * 14; hour += 5) {
      const at = new Date(Date.UTC(2026, 11, 7) + hour * 3600_000);
      const due = evidenceReportDueAt(at);
      const days = (due.getTime() - at.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(0.7);
      expect(days).toBeLessThanOrEqual(3.8); // Friday 00:00 → Monday 18:00
      expect([0, 6]).not.toContain(new Date(due.getTime() + 8 * 3600_000).getUTCDay());
    }
  });
});

describe('applying for an evidence report', () => {
  it('takes ids (the rule of one contract is the server’s), a kind, and an address for paper only', () => {
    expect(z.safeParse(evidenceReportApplyBody, { ids: ['1', '2'], kind: 'local' }).success).toBe(
      true,
    );
    const paper = z.safeParse(evidenceReportApplyBody, { ids: [1], kind: 'paper' });
    expect(paper.success).toBe(false);
    expect(paper.error!.issues[0]).toMatchObject({
      path: ['address'],
      message: 'evidenceReportAddressRequired',
    });
    expect(
      z.safeParse(evidenceReportApplyBody, {
        ids: [1],
        kind: 'electronic',
        address: { name: 'A', phone: '13800000001', address: 'B' },
      }).success,
    ).toBe(false);
    const badPhone = z.safeParse(evidenceReportApplyBody, {
      ids: [1],
      kind: 'paper',
      address: { name: 'A', phone: '123', address: 'B' },
    });
    expect(badPhone.error!.issues[0]!.message).toBe('phoneInvalid');
    expect(z.safeParse(evidenceReportApplyBody, { ids: [], kind: 'paper' }).success).toBe(false);
  });

  it('says the spec’s refusal in both languages', () => {
    expect(message('oneContractForCertification', 'en')).toBe(
      'Only one contract is supported for certification',
    );
    expect(message('oneContractForCertification', 'zh')).toBe('一次只支持一份合同出证');
  });

  it('has examples its schemas take', () => {
    expect(z.safeParse(evidenceReportApplyBody, EVIDENCE_REPORT_EXAMPLES.apply.body).success).toBe(
      true,
    );
    expect(z.safeParse(evidenceReportPageQuery, EVIDENCE_REPORT_EXAMPLES.page.query).success).toBe(
      true,
    );
    expect(
      z.safeParse(evidenceReportVerifyQuery, EVIDENCE_REPORT_EXAMPLES.verify.query).success,
    ).toBe(true);
  });
});

describe('matching an uploaded file against a report', () => {
  const summary = EVIDENCE_REPORT_EXAMPLES.summary;
  it('names the version a file is, the original document, the report itself, or nothing', () => {
    const final = summary.versions.at(-1)!;
    expect(matchEvidence(summary, final.sha256.toUpperCase())).toEqual({
      kind: 'version',
      version: final,
    });
    expect(matchEvidence(summary, summary.versions[0]!.sha256)).toMatchObject({
      kind: 'version',
      version: { version: 0 },
    });
    expect(matchEvidence(summary, summary.documentSha256!)).toEqual({ kind: 'document' });
    expect(matchEvidence(summary, summary.reportSha256)).toEqual({ kind: 'report' });
    expect(matchEvidence(summary, '0'.repeat(64))).toEqual({ kind: 'none' });
  });
});
