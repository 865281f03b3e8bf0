import { describe, expect, it } from 'vitest';
import { SEAL_RED, SEAL_SIZE, companySeal, personalSeal } from './svg';

interface TextElement {
  className: string;
  text: string;
  attributes: string;
  fontSize: number;
  /** translate(x y) of the transform, or x/y attributes. */
  x: number;
  y: number;
  rotate: number | undefined;
  scale: [number, number] | undefined;
}

/** The seal's text elements, in document order. */
function texts(svg: string): TextElement[] {
  return [...svg.matchAll(/<text ([^>]*)>(.*?)<\/text>/g)].map(([, attributes, inner]) => {
    const attribute = (name: string) =>
      new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attributes!)?.[1];
    const transform = attribute('transform') ?? '';
    const translate = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(transform);
    const rotate = /rotate\(([-\d.]+) /.exec(transform);
    const scale = /scale\(([-\d.]+) ([-\d.]+)\)/.exec(transform);
    return {
      className: attribute('class') ?? '',
      text: inner!.replace(/<[^>]+>/g, ''),
      attributes: attributes!,
      fontSize: Number(attribute('font-size')),
      x: Number(translate?.[1] ?? attribute('x')),
      y: Number(translate?.[2] ?? attribute('y')),
      rotate: rotate ? Number(rotate[1]) : undefined,
      scale: scale ? [Number(scale[1]), Number(scale[2])] : undefined,
    };
  });
}

const CENTRE = SEAL_SIZE / 2;

function ring(svg: string): { radius: number; width: number } {
  const match =
    /<circle class="ring" cx="200" cy="200" r="([\d.]+)" fill="none" stroke="([^"]+)" stroke-width="([\d.]+)"/.exec(
      svg,
    );
  expect(match, 'the ring').not.toBeNull();
  expect(match![2]).toBe(SEAL_RED);
  return { radius: Number(match![1]), width: Number(match![3]) };
}

describe('companySeal', () => {
  const svg = companySeal('演示科技有限公司', {
    horizontalText: '合同专用章',
    serialNumber: '1101080012345',
  });

  it('is a red ring inside the canvas with a five-pointed star in the centre', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="400" height="400"/);
    const { radius, width } = ring(svg);
    expect(radius + width / 2).toBeLessThan(SEAL_SIZE / 2);
    const star = /<path class="star" d="M ([^"]+) Z" fill="([^"]+)"/.exec(svg);
    expect(star![2]).toBe(SEAL_RED);
    const points = star![1]!.split(' L ').map((point) => point.split(' ').map(Number));
    expect(points).toHaveLength(10);
    const distances = points.map(([x, y]) => Math.hypot(x! - CENTRE, y! - CENTRE));
    // Five outer points alternate with five inner ones; the first points straight up.
    expect(new Set(distances.filter((_, i) => i % 2 === 0).map(Math.round)).size).toBe(1);
    expect(new Set(distances.filter((_, i) => i % 2 === 1).map(Math.round)).size).toBe(1);
    expect(points[0]![0]).toBe(CENTRE);
    expect(points[0]![1]).toBeLessThan(CENTRE);
  });

  it('sets every character of the name once along the upper arc, evenly, within the ring', () => {
    const arc = texts(svg).filter((text) => text.className === 'arc');
    expect(arc.map((text) => text.text).join('')).toBe('演示科技有限公司');
    const angles = arc.map((text) => text.rotate!);
    const steps = angles.slice(1).map((angle, i) => angle - angles[i]!);
    for (const step of steps) expect(step).toBeCloseTo(steps[0]!, 1);
    expect(steps[0]).toBeGreaterThan(0); // clockwise: read left to right over the top
    expect(angles[0]).toBeCloseTo(-angles.at(-1)!, 1); // centred on the top
    expect(angles.at(-1)! - angles[0]!).toBeLessThanOrEqual(240);
    const { radius, width } = ring(svg);
    for (const text of arc) {
      // Every glyph stands upright at the top before its turn, its outer edge inside the ring.
      expect(text.x).toBe(CENTRE);
      expect(CENTRE - text.y + text.fontSize / 2).toBeLessThan(radius - width / 2);
    }
  });

  it('sets the horizontal text below the star and the serial number along the bottom', () => {
    const horizontal = texts(svg).find((text) => text.className === 'horizontal')!;
    expect(horizontal.text).toBe('合同专用章');
    expect(horizontal.x).toBe(CENTRE);
    expect(horizontal.y - horizontal.fontSize / 2).toBeGreaterThan(CENTRE + 62 * 0.81);
    expect(texts(svg).find((text) => text.className === 'serial')!.text).toBe('1101080012345');
    const plain = companySeal('演示科技有限公司');
    expect(texts(plain).map((text) => text.className)).not.toContain('horizontal');
    expect(texts(plain).map((text) => text.className)).not.toContain('serial');
  });

  it('keeps a long name within 240° with narrower characters rather than overlapping ones', () => {
    const name = '北京市海淀区中关村演示科技发展股份有限公司';
    const arc = texts(companySeal(name)).filter((text) => text.className === 'arc');
    expect(arc.map((text) => text.text).join('')).toBe(name);
    const span = arc.at(-1)!.rotate! - arc[0]!.rotate!;
    expect(span).toBeLessThanOrEqual(240);
    const radius = CENTRE - arc[0]!.y;
    const spacing = (radius * (span / (arc.length - 1)) * Math.PI) / 180;
    expect(arc[0]!.fontSize * arc[0]!.scale![0]).toBeLessThan(spacing);
  });

  it('sets a Latin name on a path over the top and squeezes a long horizontal text', () => {
    const latin = companySeal('Demo Technology Co., Ltd.', {
      horizontalText: 'Contract Seal for Demo Technology',
    });
    expect(texts(latin).find((text) => text.className === 'arc')!.text).toBe(
      'Demo Technology Co., Ltd.',
    );
    expect(latin).toMatch(/<textPath href="#arc-path" startOffset="50%" text-anchor="middle">/);
    expect(texts(latin).find((text) => text.className === 'horizontal')!.attributes).toContain(
      'textLength="210"',
    );
  });

  it('escapes what XML would read as markup', () => {
    expect(texts(companySeal('A&B <Co>')).find((t) => t.className === 'arc')!.text).toBe(
      'A&amp;B &lt;Co&gt;',
    );
  });
});

describe('personalSeal', () => {
  const names = (name: string) => texts(personalSeal(name)).filter((t) => t.className === 'name');

  it('is a red square border', () => {
    expect(personalSeal('张三')).toMatch(
      new RegExp(
        `<rect x="24" y="24" width="352" height="352" rx="6" fill="none" stroke="${SEAL_RED}" stroke-width="20"/>`,
      ),
    );
  });

  it('sets a two-character name as two tall columns, the surname on the right', () => {
    const [surname, given] = names('张三');
    expect([surname!.text, given!.text]).toEqual(['张', '三']);
    expect(surname!.x).toBeGreaterThan(given!.x);
    expect(surname!.y).toBe(CENTRE);
    expect(given!.y).toBe(CENTRE);
    expect(surname!.scale![1]).toBeGreaterThan(1.4);
  });

  it('completes a three-character name with 印 in a 2 × 2 grid read in columns from the right', () => {
    const cells = names('王小明');
    expect(cells.map((cell) => cell.text)).toEqual(['王', '小', '明', '印']);
    const [topRight, bottomRight, topLeft, bottomLeft] = cells;
    expect(topRight!.x).toBe(bottomRight!.x);
    expect(topLeft!.x).toBe(bottomLeft!.x);
    expect(topRight!.x).toBeGreaterThan(topLeft!.x);
    expect(topRight!.y).toBeLessThan(bottomRight!.y);
    expect(topRight!.y).toBe(topLeft!.y);
  });

  it('sets a four-character name as 2 × 2 and a longer one in smaller cells', () => {
    const four = names('欧阳小娜');
    expect(four.map((cell) => cell.text)).toEqual(['欧', '阳', '小', '娜']);
    expect(new Set(four.map((cell) => cell.x)).size).toBe(2);
    expect(new Set(four.map((cell) => cell.y)).size).toBe(2);
    const long = names('阿卜杜拉·买买提');
    expect(long.map((cell) => cell.text).join('')).toBe('阿卜杜拉·买买提');
    expect(long[0]!.fontSize).toBeLessThan(four[0]!.fontSize);
  });

  it('sets a Latin name on lines, shrinking long ones to the square', () => {
    const lines = names('John Smith');
    expect(lines.map((line) => line.text)).toEqual(['John', 'Smith']);
    expect(lines[0]!.y).toBeLessThan(lines[1]!.y);
    const long = names('Maximilian Alexander von Habsburg');
    expect(long.map((line) => line.text)).toEqual(['Maximilian', 'Alexander', 'von Habsburg']);
    expect(long[0]!.fontSize * 0.62 * 'von Habsburg'.length).toBeLessThanOrEqual(400 - 2 * 48);
    // Chinese characters among Latin ones count a full em each.
    const mixed = names('Li 李小龙龙龙');
    expect(mixed.map((line) => line.text)).toEqual(['Li', '李小龙龙龙']);
    expect(mixed[1]!.fontSize * 5).toBeLessThanOrEqual(400 - 2 * 48);
  });
});
