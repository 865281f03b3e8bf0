import { SEAL_IMAGE_MAX_BYTES } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { sealFileRefusal } from './sealFile';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const text = (value: string) => new TextEncoder().encode(value);

describe('sealFileRefusal', () => {
  it('lets a PNG or JPEG of at most 2 MB through', () => {
    expect(sealFileRefusal(png, SEAL_IMAGE_MAX_BYTES, 'seal.png')).toBeNull();
    expect(sealFileRefusal(jpeg, 1000, 'seal.jpg')).toBeNull();
  });

  it('refuses one byte over 2 MB with the server’s message key', () => {
    expect(sealFileRefusal(png, SEAL_IMAGE_MAX_BYTES + 1, 'seal.png')).toBe('sealImageTooLarge');
  });

  it('judges the bytes, not the name: a ZIP named .jpg is not a picture', () => {
    expect(sealFileRefusal(text('PK\u0003\u0004rest'), 100, 'seal.jpg')).toBe('sealImageType');
  });

  it('says an SVG is not accepted, whatever it is called', () => {
    expect(sealFileRefusal(text('<svg onload="x()"/>'), 100, 'seal.png')).toBe('sealImageSvg');
    expect(sealFileRefusal(text('<?xml version="1.0"?><svg/>'), 100, 'a')).toBe('sealImageSvg');
    expect(sealFileRefusal(text('  anything'), 100, 'seal.svg')).toBe('sealImageSvg');
  });
});
