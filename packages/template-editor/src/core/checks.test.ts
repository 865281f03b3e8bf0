import { describe, expect, it } from 'vitest';
import { validateTemplate } from './checks';
import { parseProject } from './project';
import type { TemplateCheckCode } from './checks';

function codes(input: unknown): TemplateCheckCode[] {
  return validateTemplate(parseProject(input)).map((check) => check.code);
}

const signer = (party: string, left = 0) => ({
  elName: 'signature',
  title: `Sign ${party}`,
  config: { party },
  commonStyle: { left, top: 700, width: 100, height: 40 },
});
const field = (party: string, top: number) => ({
  elName: 'text',
  title: `Field ${party}${top}`,
  config: { party },
  commonStyle: { left: 10, top, width: 100, height: 30 },
});

describe('validateTemplate', () => {
  it('passes a template where every party has its fields', () => {
    expect(
      codes({
        pages: [{ elements: [signer('A', 0), signer('B', 200), field('A', 100), field('B', 200)] }],
      }),
    ).toEqual([]);
  });

  it('requires at least one signatory and a role for each participant', () => {
    const result = codes({
      participants: [
        { party: 'A', sign: false, fill: true },
        { party: 'B', sign: false, fill: false },
      ],
      pages: [{ elements: [field('A', 100)] }],
    });
    expect(result).toEqual(['no-signatory', 'participant-without-role']);
  });

  it('requires a seal or signature for each signer and a field for each filler', () => {
    const checks = validateTemplate(
      parseProject({
        participants: [
          { party: 'A', sign: true, fill: true },
          { party: 'B', sign: true, fill: false },
        ],
        pages: [{ elements: [signer('A'), field('A', 100)] }],
      }),
    );
    expect(checks.map((c) => [c.code, c.party])).toEqual([['signer-without-field', 'B']]);
    expect(checks[0]!.message.zh).toContain('B 方');
  });

  it('finds fields of a party that is not a participant', () => {
    const result = validateTemplate(
      parseProject({
        participants: [{ party: 'A', sign: true, fill: true }],
        pages: [{ elements: [signer('A'), field('A', 100), field('C', 200)] }],
      }),
    );
    expect(result.map((c) => c.code)).toEqual(['field-party-not-participant']);
    expect(result[0]!.elementUuids).toHaveLength(1);
  });

  it('finds duplicate and empty titles, but not the copies of one seal', () => {
    const result = codes({
      participants: [{ party: 'A', sign: true, fill: true }],
      pages: [
        {
          elements: [
            { ...field('A', 100), title: 'Same' },
            { ...field('A', 200), title: 'Same' },
            { ...field('A', 300), title: ' ' },
            { elName: 'seal', title: 'Company seal', commonStyle: { left: 300, top: 400 } },
          ],
        },
        { elements: [] },
      ],
    });
    expect(result).toEqual(['empty-title', 'duplicate-title']);
  });

  it('finds overlapping fields, including rotated ones, and fields outside the page', () => {
    const result = validateTemplate(
      parseProject({
        participants: [{ party: 'A', sign: true, fill: true }],
        pages: [
          {
            elements: [
              { ...signer('A'), commonStyle: { left: 0, top: 0, width: 100, height: 40 } },
              { ...field('A', 0), commonStyle: { left: 90, top: 0, width: 100, height: 30 } },
              {
                ...field('A', 500),
                title: 'Off',
                commonStyle: { left: 550, top: 500, width: 100, height: 30 },
              },
              // Rotated 45° about its centre, it reaches into the box above it.
              {
                ...field('A', 600),
                title: 'Tilted',
                commonStyle: { left: 300, top: 160, width: 200, height: 20, rotate: 45 },
              },
              {
                ...field('A', 700),
                title: 'Above',
                commonStyle: { left: 300, top: 100, width: 60, height: 60 },
              },
              // Touching edges do not overlap.
              {
                ...field('A', 800),
                title: 'Touching',
                commonStyle: { left: 0, top: 40, width: 90, height: 30 },
              },
            ],
          },
        ],
      }),
    );
    expect(result.map((c) => [c.code, c.page])).toEqual([
      ['overlap', 1],
      ['outside-page', 1],
      ['overlap', 1],
    ]);
  });
});
