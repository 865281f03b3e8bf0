import { AVATAR_LIMIT_BYTES } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { avatarFileRefusal, initialCrop, moveCrop, sourceSquare, zoomCrop } from './avatarCrop';

describe('the avatar crop', () => {
  it('starts with the picture centred, its shorter side filling the square', () => {
    const crop = initialCrop(400, 200, 100);
    expect(crop).toMatchObject({ zoom: 1, x: -50, y: 0 });
    expect(sourceSquare(crop)).toEqual({ sx: 100, sy: 0, side: 200 });
  });

  it('never moves the picture so far that the square shows past its edges', () => {
    const crop = initialCrop(400, 200, 100);
    expect(moveCrop(crop, 1000, 1000)).toMatchObject({ x: 0, y: 0 });
    expect(moveCrop(crop, -1000, 0)).toMatchObject({ x: -100 });
    expect(sourceSquare(moveCrop(crop, -1000, 0))).toEqual({ sx: 200, sy: 0, side: 200 });
  });

  it('zooms about the centre, between 1 and 3', () => {
    const crop = initialCrop(200, 200, 100);
    const zoomed = zoomCrop(crop, 2);
    expect(sourceSquare(zoomed)).toEqual({ sx: 50, sy: 50, side: 100 });
    expect(zoomCrop(crop, 10).zoom).toBe(3);
    expect(zoomCrop(zoomed, 0.2)).toMatchObject({ zoom: 1, x: 0, y: 0 });
  });

  it('refuses what the server refuses: not a PNG or JPEG by content, or over 2 MB', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect(avatarFileRefusal(png, 1000)).toBeNull();
    expect(avatarFileRefusal(jpeg, AVATAR_LIMIT_BYTES)).toBeNull();
    expect(avatarFileRefusal(png, AVATAR_LIMIT_BYTES + 1)).toBe('avatarTooLarge');
    expect(avatarFileRefusal(new TextEncoder().encode('GIF89a'), 10)).toBe('avatarType');
  });
});
