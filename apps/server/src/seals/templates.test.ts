import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEAL_INKS, type CompanySealType, type SealColour } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { decodePng, type DecodedPng } from '../test-support/png';
import { advance } from './svg-text';
import { drawSealTemplate, sealTemplateSvg, type SealTemplate } from './templates';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REFERENCES = path.join(HERE, 'reference');
const OUTPUT = path.resolve(HERE, '../../../../test-results/seals');
const UPDATE = process.env.UPDATE_SEAL_REFERENCES === '1';

/** Chinese company names of 2, 5, 10, 15 and 20 characters. */
const COMPANY_NAMES = [
  '腾讯',
  '示例商贸行',
  '北京演示科技有限公司',
  '北京市海淀区云演示科技有限公司',
  '北京海淀区中关村演示科技发展股份有限公司',
];
const CREDIT_CODE = '91110108MA01234567';
const RING_TYPES = ['corporate', 'contract', 'other', 'finance', 'invoice'] as const;

type CompanyTemplate = Extract<SealTemplate, { kind: 'company' }>;

function company(
  type: CompanySealType,
  companyName: string,
  extra: Partial<CompanyTemplate> = {},
): CompanyTemplate {
  return {
    kind: 'company',
    type,
    companyName,
    horizontalText: '',
    belowText: CREDIT_CODE,
    colour: 'red',
    aged: false,
    ...extra,
  };
}
const personal = (shape: 'square' | 'oblong', name: string, colour?: SealColour): SealTemplate => ({
  kind: 'personal',
  shape,
  name,
  ...(colour ? { colour } : {}),
});

/** Every drawing the tests check, by a name for messages and files. */
const CASES: [string, SealTemplate][] = [
  ...RING_TYPES.flatMap((type) =>
    COMPANY_NAMES.map(
      (name) =>
        [
          `${type}-${[...name].length}`,
          // An "other" seal without its own text would draw as the corporate seal does.
          company(type, name, type === 'other' ? { horizontalText: '人事专用章' } : {}),
        ] as [string, SealTemplate],
    ),
  ),
  ['contract-40', company('contract', COMPANY_NAMES[4]!.repeat(2))],
  ['finance-40', company('finance', COMPANY_NAMES[4]!.repeat(2))],
  ['contract-brackets', company('contract', '演示科技（北京）有限公司')],
  ['invoice-mixed', company('invoice', '北京ABC科技有限公司')],
  ...(['contract', 'finance', 'invoice'] as const).map(
    (type) =>
      [
        `${type}-longest-texts`,
        company(type, COMPANY_NAMES[4]!, {
          horizontalText: '北京海淀区中关村演示科技发展股份有限公司合同专用章',
          belowText: '9111010'.repeat(6).slice(0, 40),
        }),
      ] as [string, SealTemplate],
  ),
  ['contract-no-number', company('contract', '演示科技有限公司', { belowText: '' })],
  ['contract-blue', company('contract', '演示科技有限公司', { colour: 'blue' })],
  ['finance-black', company('finance', '演示科技有限公司', { colour: 'black' })],
  ['corporate-aged', company('corporate', '演示科技有限公司', { aged: true })],
  ['invoice-aged', company('invoice', '演示科技有限公司', { aged: true })],
  ['contract-latin', company('contract', 'Demo Technology Co., Ltd.')],
  ...['张三', '王小明', '欧阳小娜', '阿卜杜拉·买买提', 'John Smith'].map(
    (name, index) =>
      [
        `legal-${index}`,
        company('legal', '演示科技有限公司', { legalName: name, aged: index === 1 }),
      ] as [string, SealTemplate],
  ),
  ...['张三', '王小明', '欧阳小娜', 'John Smith'].map(
    (name) => [`square-${name}`, personal('square', name)] as [string, SealTemplate],
  ),
  ['square-blue', personal('square', '王小明', 'blue')],
  ...[
    '张三',
    '王小明',
    '欧阳小娜',
    '司马相如之印信',
    '北京演示科技有限公司张三',
    COMPANY_NAMES[4]!,
  ].map(
    (name) => [`oblong-${[...name].length}`, personal('oblong', name)] as [string, SealTemplate],
  ),
  ['oblong-latin', personal('oblong', 'Anna Maria Schneider')],
  ['oblong-black', personal('oblong', '王小明', 'black')],
];

interface Text {
  className: string;
  text: string;
  x: number;
  y: number;
  rotate: number;
  width: number;
  height: number;
}

/** The seal's text elements with the boxes they take (a glyph's advance by its em, turned). */
function texts(svg: string): Text[] {
  const all = [...svg.matchAll(/<text ([^>]*)>(.*?)<\/text>/g)];
  // A Latin name set on a path has no box of its own to check.
  const placed = all.filter(([, , inner]) => !inner!.includes('<textPath'));
  return placed.map(([, attributes, inner]) => {
    const attribute = (name: string) =>
      new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attributes!)?.[1];
    const transform = attribute('transform') ?? '';
    const translate = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(transform);
    const rotate = /rotate\(([-\d.]+)\)/.exec(transform);
    const scale = /scale\(([-\d.]+) ([-\d.]+)\)/.exec(transform);
    const size = Number(attribute('font-size'));
    const text = inner!.replace(/<[^>]+>/g, '');
    const length = attribute('textLength');
    return {
      className: attribute('class') ?? '',
      text,
      x: Number(translate?.[1] ?? attribute('x')),
      y: Number(translate?.[2] ?? attribute('y')),
      rotate: Number(rotate?.[1] ?? 0),
      width: length
        ? Number(length)
        : [...text].reduce((sum, char) => sum + advance(char), 0) * size * Number(scale?.[1] ?? 1),
      height: size * Number(scale?.[2] ?? 1),
    };
  });
}

function corners(box: Text): [number, number][] {
  const angle = (box.rotate * Math.PI) / 180;
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const [dx, dy] = [(sx! * box.width) / 2, (sy! * box.height) / 2];
    return [
      box.x + dx * Math.cos(angle) - dy * Math.sin(angle),
      box.y + dx * Math.sin(angle) + dy * Math.cos(angle),
    ];
  });
}

/** Whether two turned boxes overlap: no edge direction of either separates them. */
function overlap(a: Text, b: Text): boolean {
  const [ca, cb] = [corners(a), corners(b)];
  return [a, b].every((box) => {
    const angle = (box.rotate * Math.PI) / 180;
    return [
      [Math.cos(angle), Math.sin(angle)],
      [-Math.sin(angle), Math.cos(angle)],
    ].every(([ax, ay]) => {
      const pa = ca.map(([x, y]) => x * ax! + y * ay!);
      const pb = cb.map(([x, y]) => x * ax! + y * ay!);
      return Math.min(...pb) < Math.max(...pa) - 0.01 && Math.min(...pa) < Math.max(...pb) - 0.01;
    });
  });
}

/** The seal's outline from its border: whether a point is inside the outer or the inner edge. */
function outline(svg: string) {
  const number = (element: string, name: string) =>
    Number(new RegExp(` ${name}="([\\d.]+)"`).exec(element)![1]);
  const element = /<(circle|ellipse|rect) class="border"[^>]*>/.exec(svg)![0];
  if (element.startsWith('<rect')) {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((name) => number(element, name));
    return (px: number, py: number, grow: number) =>
      px > x! - grow && py > y! - grow && px < x! + w! + grow && py < y! + h! + grow;
  }
  const [cx, cy] = [number(element, 'cx'), number(element, 'cy')];
  const [rx, ry] = element.startsWith('<circle')
    ? [number(element, 'r'), number(element, 'r')]
    : [number(element, 'rx'), number(element, 'ry')];
  return (px: number, py: number, grow: number) =>
    ((px - cx) / (rx + grow)) ** 2 + ((py - cy) / (ry + grow)) ** 2 <= 1;
}

function strokeWidth(svg: string): number {
  return Number(/class="border"[^>]* stroke-width="([\d.]+)"/.exec(svg)![1]);
}

function pixel(image: DecodedPng, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return [...image.rgba.subarray(at, at + 4)];
}

function hex(colour: string): number[] {
  return [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
}

const rendered = new Map<string, Promise<Awaited<ReturnType<typeof drawSealTemplate>>>>();
const draw = (name: string, template: SealTemplate) => {
  if (!rendered.has(name)) rendered.set(name, drawSealTemplate(template));
  return rendered.get(name)!;
};

describe.each(CASES)('the template seal %s', (name, template) => {
  const svg = sealTemplateSvg(template);
  const all = texts(svg);
  const ink = SEAL_INKS[template.colour ?? 'red'];

  it('sets every character of its texts once, each inside the border, none over another', () => {
    const written = svg.replace(/<defs>.*?<\/defs>/g, '').replace(/<[^>]+>/g, '');
    const expected =
      template.kind === 'personal' ? template.name : (template.legalName ?? template.companyName);
    for (const char of expected.replace(/\s/g, '')) expect(written).toContain(char);
    const inside = outline(svg);
    const border = strokeWidth(svg);
    for (const text of all)
      for (const [x, y] of corners(text))
        expect(inside(x, y, -border / 2), `${text.text} at ${x},${y}`).toBe(true);
    for (const [index, a] of all.entries())
      for (const b of all.slice(index + 1))
        expect(overlap(a, b), `${a.text} over ${b.text}`).toBe(false);
  });

  it('keeps successive glyphs along the border at least a glyph apart', () => {
    for (const className of ['arc', 'below']) {
      const glyphs = all.filter((text) => text.className === className && text.rotate !== 0);
      for (const [index, glyph] of glyphs.entries()) {
        if (index === 0) continue;
        const previous = glyphs[index - 1]!;
        const apart = Math.hypot(glyph.x - previous.x, glyph.y - previous.y);
        expect(apart).toBeGreaterThanOrEqual((glyph.width + previous.width) / 2);
      }
    }
  });

  it('draws the same bytes every time, transparent outside its outline, in its ink', async () => {
    const image = await draw(name, template);
    mkdirSync(path.join(OUTPUT, 'templates'), { recursive: true });
    writeFileSync(path.join(OUTPUT, 'templates', `${name}.png`), image.png);
    const again = await drawSealTemplate(structuredClone(template));
    expect(Buffer.from(again.png).equals(Buffer.from(image.png))).toBe(true);
    expect(image.sha256).toBe(createHash('sha256').update(image.png).digest('hex'));
    // Small enough to embed in every signed PDF.
    expect(image.png.length).toBeLessThan(120_000);

    const decoded = decodePng(image.png);
    expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
    const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!;
    const scale = image.width / Number(viewBox[1]);
    // 300 dpi at the printed size: the drawing is in tenths of a millimetre.
    expect(image.width).toBeGreaterThanOrEqual(((Number(viewBox[1]) / 10) * 300) / 25.4);
    for (const [x, y] of [
      [0, 0],
      [decoded.width - 1, 0],
      [0, decoded.height - 1],
      [decoded.width - 1, decoded.height - 1],
    ] as const)
      expect(pixel(decoded, x, y)[3]).toBe(0);

    const inside = outline(svg);
    const border = strokeWidth(svg);
    const [r, g, b] = hex(ink);
    let inked = 0;
    const outside: string[] = [];
    const offColour: string[] = [];
    for (let y = 0; y < decoded.height; y++)
      for (let x = 0; x < decoded.width; x++) {
        const [pr, pg, pb, alpha] = pixel(decoded, x, y);
        if (alpha === 0) continue;
        inked++;
        if (!inside((x + 0.5) / scale, (y + 0.5) / scale, border / 2 + 1.5 / scale))
          outside.push(`${x},${y}`);
        const off = Math.max(Math.abs(pr! - r!), Math.abs(pg! - g!), Math.abs(pb! - b!));
        if (alpha! > 96 && off > 6) offColour.push(`${x},${y}: ${pr},${pg},${pb},${alpha}`);
      }
    expect(outside.slice(0, 5), 'ink outside the outline').toEqual([]);
    expect(offColour.slice(0, 5), 'ink of another colour').toEqual([]);
    expect(inked / (decoded.width * decoded.height)).toBeGreaterThan(0.08);
  });
});

describe('template seals', () => {
  it('differ whenever their inputs do', async () => {
    const hashes = await Promise.all(CASES.map(([name, template]) => draw(name, template)));
    const names = new Map<string, string>();
    for (const [index, image] of hashes.entries())
      names.set(
        image.sha256,
        [names.get(image.sha256), CASES[index]![0]].filter(Boolean).join(' = '),
      );
    expect([...names.values()].filter((name) => name.includes('='))).toEqual([]);
  });

  it('lay out the round seal: a star, the name over the top, the purpose under the star, the number along the bottom', () => {
    const svg = sealTemplateSvg(company('contract', '演示科技有限公司'));
    expect(svg).toMatch(/<path class="star" d="M 210 140 L /);
    const all = texts(svg);
    const arc = all.filter((text) => text.className === 'arc');
    expect(arc.map((text) => text.text).join('')).toBe('演示科技有限公司');
    // Left to right over the top, centred on it, evenly.
    const turns = arc.map((text) => text.rotate);
    expect(turns[0]).toBeCloseTo(-turns.at(-1)!, 1);
    const steps = turns.slice(1).map((turn, index) => turn - turns[index]!);
    for (const step of steps) expect(step).toBeCloseTo(steps[0]!, 0);
    expect(steps[0]).toBeGreaterThan(0);
    const horizontal = all.filter((text) => text.className === 'horizontal');
    expect(horizontal.map((text) => text.text).join('')).toBe('合同专用章');
    expect(horizontal[0]!.y).toBeGreaterThan(210 + 70);
    const below = all.filter((text) => text.className === 'below');
    expect(below.map((text) => text.text).join('')).toBe(CREDIT_CODE);
    // Read left to right along the bottom, tops towards the centre.
    expect(below[0]!.x).toBeLessThan(below.at(-1)!.x);
    expect(Math.min(...below.map((text) => text.y))).toBeGreaterThan(horizontal[0]!.y);
    // A corporate seal says nothing across the middle unless told to.
    const corporate = texts(sealTemplateSvg(company('corporate', '演示科技有限公司')));
    expect(corporate.some((text) => text.className === 'horizontal')).toBe(false);
  });

  it('spreads a short name over a narrower arc than a long one, and narrows a long one', () => {
    const span = (name: string) => {
      const arc = texts(sealTemplateSvg(company('corporate', name))).filter(
        (text) => text.className === 'arc',
      );
      return {
        span: arc.at(-1)!.rotate - arc[0]!.rotate,
        width: arc[0]!.width,
        size: arc[0]!.height,
      };
    };
    const [two, five, ten, twenty] = [0, 1, 2, 4].map((index) => span(COMPANY_NAMES[index]!));
    expect(two!.span).toBeGreaterThan(25);
    expect(two!.span).toBeLessThan(five!.span);
    expect(five!.span).toBeLessThan(ten!.span);
    expect(ten!.span).toBeLessThanOrEqual(225);
    expect(twenty!.width).toBeLessThan(twenty!.size); // condensed
    expect(twenty!.size).toBeLessThan(two!.size);
  });

  it('lay out the oval seals: finance purpose over the number, invoice tax number over the purpose', () => {
    const lines = (type: 'finance' | 'invoice') => {
      const all = texts(sealTemplateSvg(company(type, '演示科技有限公司')));
      const row = (className: string) => all.filter((text) => text.className === className);
      return {
        all,
        horizontal: row('horizontal'),
        below: row('below'),
        svg: sealTemplateSvg(company(type, '演示科技有限公司')),
      };
    };
    const finance = lines('finance');
    expect(finance.svg).toMatch(/<ellipse class="border" cx="225" cy="150"/);
    expect(finance.horizontal.map((text) => text.text).join('')).toBe('财务专用章');
    expect(finance.below.map((text) => text.text).join('')).toBe(CREDIT_CODE);
    expect(finance.horizontal[0]!.y).toBeLessThan(finance.below[0]!.y);
    const invoice = lines('invoice');
    expect(invoice.svg).toMatch(/<ellipse class="border" cx="200" cy="150"/);
    expect(invoice.horizontal.map((text) => text.text).join('')).toBe('发票专用章');
    expect(invoice.below[0]!.y).toBeLessThan(invoice.horizontal[0]!.y);
    for (const { all } of [finance, invoice]) {
      // The name over the top, the lines across the middle: horizontal, under the centre.
      const arc = all.filter((text) => text.className === 'arc');
      expect(arc.map((text) => text.text).join('')).toBe('演示科技有限公司');
      for (const text of all.filter((text) => text.className !== 'arc')) {
        expect(text.rotate).toBe(0);
        expect(text.y).toBeGreaterThan(150);
      }
    }
    expect(
      sealTemplateSvg(company('invoice', '演示科技有限公司', { horizontalText: '税务' })),
    ).toContain('>税<');
  });

  it("completes a legal representative's name as name seals do, and keeps a person's two characters as columns", () => {
    const cells = (template: SealTemplate) =>
      texts(sealTemplateSvg(template)).map((text) => text.text);
    const legal = (name: string) => company('legal', '演示科技有限公司', { legalName: name });
    expect(cells(legal('张三'))).toEqual(['张', '三', '之', '印']);
    expect(cells(legal('王小明'))).toEqual(['王', '小', '明', '印']);
    expect(cells(legal('欧阳小娜'))).toEqual(['欧', '阳', '小', '娜']);
    expect(cells(personal('square', '张三'))).toEqual(['张', '三']);
    expect(cells(personal('square', '王小明'))).toEqual(['王', '小', '明', '印']);
    // Columns from the right: the first character top right.
    const [first, second, third] = texts(sealTemplateSvg(legal('张三')));
    expect(first!.x).toBe(second!.x);
    expect(first!.y).toBeLessThan(second!.y);
    expect(third!.x).toBeLessThan(first!.x);
  });

  it('sets an oblong seal on one line while it fits large, on more lines after', () => {
    const rows = (name: string) =>
      new Set(texts(sealTemplateSvg(personal('oblong', name))).map((text) => text.y)).size;
    expect(rows('张三')).toBe(1);
    expect(rows('欧阳小娜')).toBe(1);
    expect(rows(COMPANY_NAMES[4]!)).toBeGreaterThan(1);
    expect(sealTemplateSvg(personal('oblong', '张三'))).toMatch(/width="504" height="252"/);
  });

  it('wears an aged seal the same way for the same inputs, however they are ordered', async () => {
    const template = company('corporate', '演示科技有限公司', { aged: true });
    const reordered = Object.fromEntries(Object.entries(template).reverse()) as SealTemplate;
    const [worn, same, fresh] = await Promise.all([
      drawSealTemplate(template),
      drawSealTemplate(reordered),
      drawSealTemplate({ ...template, aged: false }),
    ]);
    expect(same.sha256).toBe(worn.sha256);
    expect(fresh.sha256).not.toBe(worn.sha256);
    // Specks and thin patches: fewer fully inked pixels, more half-inked ones.
    const count = (png: Uint8Array, test: (alpha: number) => boolean) => {
      const { rgba } = decodePng(png);
      let n = 0;
      for (let at = 3; at < rgba.length; at += 4) if (test(rgba[at]!)) n++;
      return n;
    };
    expect(count(worn.png, (alpha) => alpha === 255)).toBeLessThan(
      count(fresh.png, (alpha) => alpha === 255) * 0.97,
    );
    expect(count(worn.png, (alpha) => alpha > 20 && alpha < 235)).toBeGreaterThan(
      count(fresh.png, (alpha) => alpha > 20 && alpha < 235) * 1.2,
    );
    // Another company's seal wears differently.
    const other = sealTemplateSvg({ ...template, companyName: '示例商贸有限公司' });
    const masks = [sealTemplateSvg(template), other].map(
      (svg) => /<mask[\s\S]*<\/mask>/.exec(svg)![0],
    );
    expect(masks[0]).not.toBe(masks[1]);
  });
});

/**
 * The checked-in reference renders: a fresh render may differ from its reference by antialiasing
 * (another platform's float rounding), not by layout. `UPDATE_SEAL_REFERENCES=1` rewrites them.
 */
const REFERENCE_SEALS: Record<string, SealTemplate> = {
  'contract-round': company('contract', '演示科技有限公司'),
  'finance-oval': company('finance', '北京演示科技有限公司'),
  'invoice-oval': company('invoice', '北京演示科技有限公司'),
  'legal-square': company('legal', '演示科技有限公司', { legalName: '张三' }),
  'personal-square': personal('square', '王小明'),
  'personal-oblong': personal('oblong', '欧阳小娜'),
  'corporate-aged': company('corporate', '北京演示科技有限公司', {
    aged: true,
    belowText: '1101080012345',
  }),
};

describe('reference seals', () => {
  it.each(Object.entries(REFERENCE_SEALS))(
    '%s matches its reference image',
    async (name, template) => {
      const fresh = await drawSealTemplate(template);
      mkdirSync(OUTPUT, { recursive: true });
      writeFileSync(path.join(OUTPUT, `template-${name}.png`), fresh.png);
      const file = path.join(REFERENCES, `${name}.png`);
      if (UPDATE || !existsSync(file)) {
        expect(UPDATE, `${file} is missing: run with UPDATE_SEAL_REFERENCES=1`).toBe(true);
        mkdirSync(REFERENCES, { recursive: true });
        writeFileSync(file, fresh.png);
        return;
      }
      const [expected, actual] = [decodePng(readFileSync(file)), decodePng(fresh.png)];
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      let differing = 0;
      for (let at = 0; at < actual.rgba.length; at += 4) {
        // Compare premultiplied colour, so that the colour of nearly transparent pixels counts little.
        const [ea, aa] = [expected.rgba[at + 3]! / 255, actual.rgba[at + 3]! / 255];
        const delta = Math.max(
          Math.abs(ea - aa) * 255,
          ...[0, 1, 2].map((channel) =>
            Math.abs(expected.rgba[at + channel]! * ea - actual.rgba[at + channel]! * aa),
          ),
        );
        if (delta > 32) differing++;
      }
      expect(differing / (actual.width * actual.height)).toBeLessThanOrEqual(0.005);
    },
  );
});
