import { deflateSync, crc32 } from 'node:zlib';
import { SEAL_IMAGE_MAX_BYTES, SEAL_IMAGE_MAX_SIDE } from '@esign/platform';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../http/route';
import { sanitizeSealImage } from './images';
import { sha256Hex } from './store';

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The chunks of a PNG, by type, in order. */
function chunkTypes(png: Uint8Array): string[] {
  const bytes = Buffer.from(png);
  const types: string[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

/** A PNG with a chunk of `extra` bytes slipped in before IEND (an ancillary, private one). */
function padded(png: Buffer, type: string, extra: Uint8Array): Buffer {
  const end = png.length - 12;
  return Buffer.concat([png.subarray(0, end), chunk(type, extra), png.subarray(end)]);
}

/** A real 1-bit greyscale PNG of width × height, tiny on disk however many pixels it claims. */
function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)), 0xff);
  for (let y = 0; y < height; y++) rows[y * (1 + Math.ceil(width / 8))] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A handwritten-looking stroke in `ink` on `paper`, as an SVG sharp renders. */
function signatureSvg(width: number, height: number, ink: string, paper: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="${paper}"/>` +
      `<path d="M ${width * 0.2} ${height * 0.6} C ${width * 0.3} ${height * 0.2}, ${width * 0.45} ${height * 0.9}, ${width * 0.55} ${height * 0.45} S ${width * 0.75} ${height * 0.3}, ${width * 0.8} ${height * 0.55}" ` +
      `stroke="${ink}" stroke-width="${Math.max(4, height / 25)}" fill="none" stroke-linecap="round"/>` +
      `</svg>`,
  );
}

async function rgba(png: Uint8Array) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
  ];
  return { data, info, at };
}

async function refusal(base64: string): Promise<string> {
  try {
    await sanitizeSealImage(base64);
  } catch (error) {
    return (error as ApiError).text;
  }
  return 'accepted';
}

describe('sanitizeSealImage', () => {
  it('refuses SVG, with a script or an external link, as SVG', async () => {
    const script = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="5"/></svg>`;
    const href = `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://evil.example/x.png"/></svg>`;
    const doctype = `<!DOCTYPE html>\n<!-- seal -->\n<svg width="10" height="10"></svg>`;
    expect(await refusal(b64(script))).toBe('sealImageSvg');
    expect(await refusal(b64(href))).toBe('sealImageSvg');
    expect(await refusal(b64(`\uFEFF  ${script}`))).toBe('sealImageSvg');
    expect(await refusal(b64(doctype))).toBe('sealImageSvg');
  });

  it('refuses a 20000 × 20000 PNG from its header, before decoding its pixels', async () => {
    const png = hugePng(20_000, 20_000);
    expect(png.length).toBeLessThan(SEAL_IMAGE_MAX_BYTES);
    const started = Date.now();
    expect(await refusal(b64(png))).toBe('sealImageTooManyPixels');
    // Decoding 400 million pixels would take seconds and gigabytes; reading a header, nothing.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('takes exactly 2 MB and refuses 2 MB and one byte, judged on the decoded bytes', async () => {
    const small = await sharp(signatureSvg(200, 100, '#000', '#fff'))
      .png()
      .toBuffer();
    // The private chunk's own 12 bytes of length, type and CRC count too.
    const filler = new Uint8Array(SEAL_IMAGE_MAX_BYTES - small.length - 12);
    const exact = padded(small, 'prVt', filler);
    expect(exact.length).toBe(SEAL_IMAGE_MAX_BYTES);
    await expect(sanitizeSealImage(b64(exact))).resolves.toMatchObject({
      width: expect.any(Number),
    });
    const over = padded(small, 'prVt', new Uint8Array(filler.length + 1));
    expect(over.length).toBe(SEAL_IMAGE_MAX_BYTES + 1);
    expect(await refusal(b64(over))).toBe('sealImageTooLarge');
  });

  it('refuses a ZIP named .jpg, other pictures, garbage and bad base64', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)]);
    expect(await refusal(b64(zip))).toBe('sealImageType');
    const gif = await sharp(signatureSvg(50, 50, '#000', '#fff'))
      .gif()
      .toBuffer();
    expect(await refusal(b64(gif))).toBe('sealImageType');
    expect(await refusal(b64('just some text, not a picture'))).toBe('sealImageType');
    expect(await refusal('%%% not base64 %%%')).toBe('sealImageUnreadable');
    expect(await refusal('')).toBe('sealImageUnreadable');
    // PNG's and JPEG's signatures with nothing readable behind them.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6]);
    expect(await refusal(b64(png))).toBe('sealImageUnreadable');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 9)]);
    expect(await refusal(b64(jpeg))).toBe('sealImageUnreadable');
    const real = await sharp(signatureSvg(300, 150, '#000', '#fff'))
      .jpeg()
      .toBuffer();
    expect(await refusal(b64(real.subarray(0, real.length / 2)))).toBe('sealImageUnreadable');
  });

  it('refuses a blank picture, and one transparent throughout', async () => {
    const white = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#fdfdfb' },
    })
      .jpeg()
      .toBuffer();
    expect(await refusal(b64(white))).toBe('sealImageEmpty');
    const clear = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(await refusal(b64(clear))).toBe('sealImageEmpty');
  });

  it('turns a photo of a signature on white paper into ink on transparency, trimmed', async () => {
    const photo = await sharp(signatureSvg(900, 400, '#1b2a6b', '#ecebe6'))
      .jpeg({ quality: 80 })
      .toBuffer();
    const seal = await sanitizeSealImage(b64(photo));
    // Trimmed to the stroke: the paper's margin is gone.
    expect(seal.width).toBeLessThan(900 * 0.7);
    expect(seal.height).toBeLessThan(400 * 0.8);
    const { info, at, data } = await rgba(seal.png);
    expect([info.width, info.height]).toEqual([seal.width, seal.height]);
    expect(at(0, 0)[3]).toBe(0);
    expect(at(info.width - 1, info.height - 1)[3]).toBe(0);
    let solid = 0;
    let soft = 0;
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] === 255) solid++;
      else if (data[i] === 0) clear++;
      else soft++;
    }
    expect(solid).toBeGreaterThan(1000);
    expect(clear).toBeGreaterThan(solid);
    // Anti-aliased edges: some pixels between, not a hard cut-out.
    expect(soft).toBeGreaterThan(50);
    // The ink keeps its (dark blue) colour where it is solid.
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3] === 255) {
        expect(data[i + 2]!).toBeGreaterThan(data[i]!);
        expect(data[i]!).toBeLessThan(90);
      }
  });

  it('applies EXIF rotation and scales down to the longest side allowed', async () => {
    const sideways = await sharp(signatureSvg(3000, 1000, '#000', '#fff'))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const seal = await sanitizeSealImage(b64(sideways));
    expect(seal.height).toBeGreaterThan(seal.width);
    expect(Math.max(seal.width, seal.height)).toBeLessThanOrEqual(SEAL_IMAGE_MAX_SIDE);
  });

  it('keeps a handwriting pad drawing (strokes on transparency) as it is', async () => {
    const pad = await sharp(signatureSvg(600, 300, '#000', 'none'))
      .png()
      .toBuffer();
    const seal = await sanitizeSealImage(b64(pad));
    const { at, info, data } = await rgba(seal.png);
    expect(at(0, 0)[3]).toBe(0);
    expect(info.width).toBeGreaterThan(300);
    let black = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3] === 255 && data[i]! < 30 && data[i + 1]! < 30 && data[i + 2]! < 30) black++;
    expect(black).toBeGreaterThan(1000);
  });

  it('writes a fresh, valid PNG without metadata, the same bytes for the same input', async () => {
    const source = padded(
      padded(
        await sharp(signatureSvg(400, 200, '#c00', '#fff'))
          .png()
          .toBuffer(),
        'tEXt',
        Buffer.from('Comment\0secret: owner phone 13800000000', 'latin1'),
      ),
      'iTXt',
      Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>secret</x:xmpmeta>', 'latin1'),
    );
    const photo = await sharp(signatureSvg(400, 200, '#c00', '#fff'))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'secret' } } })
      .toBuffer();
    for (const input of [source, photo]) {
      const first = await sanitizeSealImage(b64(input));
      const second = await sanitizeSealImage(b64(input));
      expect(Buffer.from(first.png).equals(Buffer.from(second.png))).toBe(true);
      expect(first.sha256).toBe(sha256Hex(first.png));
      expect(first.sha256).toBe(second.sha256);
      const types = chunkTypes(first.png);
      expect(types[0]).toBe('IHDR');
      expect(types.at(-1)).toBe('IEND');
      for (const forbidden of ['tEXt', 'iTXt', 'zTXt', 'eXIf', 'iCCP', 'prVt'])
        expect(types).not.toContain(forbidden);
      expect(Buffer.from(first.png).includes('secret')).toBe(false);
      const meta = await sharp(first.png).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([first.width, first.height]);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('accepts URL-safe base64 and a data URL head', async () => {
    const png = await sharp(signatureSvg(200, 100, '#000', '#fff'))
      .png()
      .toBuffer();
    const plain = await sanitizeSealImage(b64(png));
    const urlSafe = await sanitizeSealImage(png.toString('base64url'));
    const dataUrl = await sanitizeSealImage(`data:image/png;base64,${b64(png)}`);
    expect(urlSafe.sha256).toBe(plain.sha256);
    expect(dataUrl.sha256).toBe(plain.sha256);
  });
});
