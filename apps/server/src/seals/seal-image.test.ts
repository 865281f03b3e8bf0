import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodePng, type DecodedPng } from '../test-support/png';
import { drawSeal, sealImageFor, type SealSigner } from './seal-image';

const OUTPUT = path.resolve(fileURLToPath(import.meta.url), '../../../../../test-results/seals');

const COMPANY: SealSigner = {
  kind: 'company',
  companyName: '演示科技有限公司',
  horizontalText: '合同专用章',
  serialNumber: '1101080012345',
};
const PERSON: SealSigner = { kind: 'personal', name: '张三' };

function pixel(image: DecodedPng, x: number, y: number): [number, number, number, number] {
  const at = (y * image.width + x) * 4;
  return [...image.rgba.subarray(at, at + 4)] as [number, number, number, number];
}

/** Opaque enough to be ink, and red: the stamp pad's #d4242b. */
function isRed([r, g, b, a]: number[]): boolean {
  return a! > 200 && r! > 180 && g! < 80 && b! < 80;
}

/** How many pixels of a box hold ink. */
function inkIn(image: DecodedPng, x0: number, y0: number, x1: number, y1: number): number {
  let ink = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (pixel(image, x, y)[3] > 128) ink++;
  return ink;
}

describe('sealImageFor', () => {
  it('draws a company seal as a 400 × 400 PNG: transparent corners, a red ring, text in its font', async () => {
    const seal = await sealImageFor(COMPANY);
    expect([...seal.png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(String.fromCharCode(...seal.png.subarray(12, 16))).toBe('IHDR');
    const image = decodePng(seal.png);
    expect([image.width, image.height, seal.width, seal.height]).toEqual([400, 400, 400, 400]);
    for (const [x, y] of [
      [0, 0],
      [399, 0],
      [0, 399],
      [399, 399],
      [30, 30],
    ] as const)
      expect(pixel(image, x, y)[3]).toBe(0);
    // The ring at the top, bottom, left and right; the star's centre.
    for (const [x, y] of [
      [200, 10],
      [200, 390],
      [10, 200],
      [390, 200],
      [200, 200],
    ] as const)
      expect(isRed(pixel(image, x, y)), `${x},${y}`).toBe(true);
    // Glyphs were drawn (the fonts loaded): ink under the arc and in the horizontal text's band.
    expect(inkIn(image, 120, 30, 280, 80)).toBeGreaterThan(1500);
    expect(inkIn(image, 100, 280, 300, 320)).toBeGreaterThan(1500);
    expect(seal.sha256).toBe(createHash('sha256').update(seal.png).digest('hex'));
  });

  it('draws a personal seal as a red square with the name inside', async () => {
    const image = decodePng((await sealImageFor(PERSON)).png);
    expect(pixel(image, 0, 0)[3]).toBe(0);
    expect(isRed(pixel(image, 24, 200))).toBe(true); // the left border
    expect(isRed(pixel(image, 200, 376))).toBe(true); // the bottom border
    expect(inkIn(image, 210, 60, 340, 340)).toBeGreaterThan(3000); // 张, on the right
    expect(inkIn(image, 60, 60, 190, 340)).toBeGreaterThan(3000); // 三
  });

  it('gives the same bytes for the same signer and different bytes for another', async () => {
    const [first, second] = [await drawSeal(COMPANY), await drawSeal(COMPANY)];
    expect(Buffer.from(first.png).equals(Buffer.from(second.png))).toBe(true);
    expect(first.sha256).toBe(second.sha256);
    const other = await drawSeal({ ...COMPANY, companyName: '示例贸易有限公司' });
    expect(other.sha256).not.toBe(first.sha256);
    const [zhang, li] = [
      await drawSeal(PERSON),
      await drawSeal({ kind: 'personal', name: '李四' }),
    ];
    expect(Buffer.from(zhang.png).equals(Buffer.from((await drawSeal(PERSON)).png))).toBe(true);
    expect(li.sha256).not.toBe(zhang.sha256);
  });

  it('answers a seal drawn lately from its cache', async () => {
    const signer: SealSigner = { kind: 'personal', name: '王小明' };
    const first = sealImageFor(signer);
    expect(sealImageFor({ ...signer })).toBe(first);
    expect((await first).sha256).toBe((await drawSeal(signer)).sha256);
  });

  it('writes the demo seals to test-results/seals for a person to look at', async () => {
    mkdirSync(OUTPUT, { recursive: true });
    const seals: Record<string, SealSigner> = {
      'company-zh': COMPANY,
      'company-en': {
        kind: 'company',
        companyName: 'Demo Technology Co., Ltd.',
        horizontalText: '合同专用章',
      },
      'company-long': {
        kind: 'company',
        companyName: '北京市海淀区中关村演示科技发展股份有限公司',
        horizontalText: '财务专用章',
      },
      'personal-2': PERSON,
      'personal-3': { kind: 'personal', name: '王小明' },
      'personal-4': { kind: 'personal', name: '欧阳小娜' },
      'personal-latin': { kind: 'personal', name: 'John Smith' },
    };
    for (const [name, signer] of Object.entries(seals))
      writeFileSync(path.join(OUTPUT, `${name}.png`), (await sealImageFor(signer)).png);
  });
});
