import { describe, expect, it } from 'vitest';
import { SEAL_RED, companySeal, personalSeal } from './svg';
import { boxesClash, horizontalLine } from './svg-text';

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
    const rotate = /rotate\(([-\d.]+)\)/.exec(transform);
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

/** The drawing is in tenths of a millimetre: a 42 mm seal is 420 units across. */
const CENTRE = 210;

function ring(svg: string): { radius: number; width: number } {
  const match =
    /<circle class="border" cx="210" cy="210" r="([\d.]+)" fill="none" stroke="([^"]+)" stroke-width="([\d.]+)"/.exec(
      svg,
    );
  expect(match, 'the ring').not.toBeNull();
  expect(match![2]).toBe(SEAL_RED);
  return { radius: Number(match![1]), width: Number(match![3]) };
}

const joined = (svg: string, className: string) =>
  texts(svg)
    .filter((text) => text.className === className)
    .map((text) => text.text)
    .join('');

describe('companySeal', () => {
  const svg = companySeal('演示科技有限公司', {
    horizontalText: '合同专用章',
    serialNumber: '1101080012345',
  });

  it('is a red ring, 400 px across, with a five-pointed star in the centre', () => {
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="400" height="400" viewBox="0 0 420 420">/,
    );
    expect(svg).toContain(`<g class="ink" fill="${SEAL_RED}">`);
    const { radius, width } = ring(svg);
    expect(radius + width / 2).toBeLessThan(CENTRE);
    const star = /<path class="star" d="M ([^"]+) Z"/.exec(svg);
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
    for (const step of steps) expect(step).toBeCloseTo(steps[0]!, 0);
    expect(steps[0]).toBeGreaterThan(0); // clockwise: read left to right over the top
    expect(angles[0]).toBeCloseTo(-angles.at(-1)!, 1); // centred on the top
    expect(angles.at(-1)! - angles[0]!).toBeLessThanOrEqual(240);
    const { radius, width } = ring(svg);
    for (const text of arc) {
      // Each glyph's outer edge inside the ring, its turn that of its place on the circle.
      const distance = Math.hypot(text.x - CENTRE, text.y - CENTRE);
      expect(distance + text.fontSize / 2).toBeLessThan(radius - width / 2);
      const place = (Math.atan2(text.x - CENTRE, CENTRE - text.y) * 180) / Math.PI;
      expect(place).toBeCloseTo(text.rotate!, 0);
    }
  });

  it('sets the horizontal text below the star and the serial number along the bottom', () => {
    const horizontal = texts(svg).filter((text) => text.className === 'horizontal');
    expect(horizontal.map((text) => text.text).join('')).toBe('合同专用章');
    for (const glyph of horizontal)
      expect(glyph.y - glyph.fontSize / 2).toBeGreaterThan(CENTRE + 70 * 0.81);
    expect(joined(svg, 'below')).toBe('1101080012345');
    const plain = companySeal('演示科技有限公司');
    expect(texts(plain).map((text) => text.className)).not.toContain('horizontal');
    expect(texts(plain).map((text) => text.className)).not.toContain('below');
  });

  it('keeps a long name within the upper arc with narrower characters rather than overlapping ones', () => {
    const name = '北京市海淀区中关村演示科技发展股份有限公司';
    const arc = texts(companySeal(name)).filter((text) => text.className === 'arc');
    expect(arc.map((text) => text.text).join('')).toBe(name);
    const span = arc.at(-1)!.rotate! - arc[0]!.rotate!;
    expect(span).toBeLessThanOrEqual(240);
    const radius = Math.hypot(arc[0]!.x - CENTRE, arc[0]!.y - CENTRE);
    const spacing = (radius * (span / (arc.length - 1)) * Math.PI) / 180;
    expect(arc[0]!.scale![0]).toBeLessThan(1);
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
      'textLength="184"',
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

  it('is a red square border, 400 px across', () => {
    const svg = personalSeal('张三');
    expect(svg).toMatch(/width="400" height="400" viewBox="0 0 420 420"/);
    expect(svg).toMatch(
      new RegExp(
        `<rect class="border" x="19" y="19" width="382" height="382" rx="[\\d.]+" fill="none" stroke="${SEAL_RED}" stroke-width="26"/>`,
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
    const inside = 420 - 2 * (6 + 26 + 14);
    for (const line of long)
      expect(Number(/textLength="([\d.]+)"/.exec(line.attributes)![1])).toBeLessThanOrEqual(inside);
    // Chinese characters among Latin ones count a full em each.
    const mixed = names('Li 李小龙龙龙');
    const rows = [...new Set(mixed.map((text) => text.y))].map((y) =>
      mixed.filter((text) => text.y === y),
    );
    expect(rows.map((row) => row.map((text) => text.text).join(''))).toEqual(['Li', '李小龙龙龙']);
    expect(mixed[1]!.fontSize * 5).toBeLessThanOrEqual(inside);
  });
});

describe('the layout helpers', () => {
  it('tell turned boxes that touch from boxes that are apart', () => {
    const box = { x: 0, y: 0, width: 10, height: 10, rotate: 0 };
    expect(boxesClash(box, { ...box, x: 9 })).toBe(true);
    expect(boxesClash(box, { ...box, x: 11 })).toBe(false);
    expect(boxesClash(box, { ...box, x: 11 }, 2)).toBe(true);
    // A square turned 45° reaches 7.07 from its centre along the axis.
    expect(boxesClash(box, { ...box, x: 11.5, rotate: 45 })).toBe(true);
    expect(boxesClash(box, { ...box, x: 12.2, rotate: 45 })).toBe(false);
  });

  it('set a line glyph by glyph, narrowed to its width, or Latin words as one element', () => {
    const line = { x: 100, y: 50, size: 40, maxWidth: 160, family: 'Noto Serif SC' };
    const chinese = horizontalLine('horizontal', '合同专用章', line);
    expect(chinese.boxes).toHaveLength(5);
    const right = chinese.boxes.at(-1)!;
    expect(
      right.x + right.width / 2 - (chinese.boxes[0]!.x - chinese.boxes[0]!.width / 2),
    ).toBeLessThanOrEqual(160);
    for (const [index, box] of chinese.boxes.entries())
      if (index > 0) expect(boxesClash(chinese.boxes[index - 1]!, box)).toBe(false);
    const latin = horizontalLine('horizontal', 'Contract seal', line);
    expect(latin.boxes).toHaveLength(1);
    expect(latin.svg).toContain('lengthAdjust="spacingAndGlyphs"');
    expect(horizontalLine('horizontal', '  ', line)).toEqual({ svg: '', boxes: [] });
  });
});
