import { PDFDocument, PDFName, PDFNumber, degrees } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cornersOf } from '../core';
import { frameOf, pageFrame, placeBox, type PageFrame } from './geometry';

const A4 = { x0: 0, y0: 0, x1: 595, y1: 842 };
/** A visible box that starts away from the origin: 400 × 600 at (50, 100). */
const OFFSET = { x0: 50, y0: 100, x1: 450, y1: 700 };

function close(actual: { x: number; y: number }, expected: { x: number; y: number }) {
  expect(actual.x).toBeCloseTo(expected.x, 9);
  expect(actual.y).toBeCloseTo(expected.y, 9);
}

describe('frameOf: displayed points to user space', () => {
  // Each case: the displayed top-left corner, and the displayed point (100, 50) — 100 right, 50
  // down as the reader sees it — worked out by hand from how the page turns.
  it('/Rotate 0: origin at the top-left of the box, y flips', () => {
    const frame = frameOf(A4, 0);
    expect([frame.width, frame.height]).toEqual([595, 842]);
    close(frame.toUser(0, 0), { x: 0, y: 842 });
    close(frame.toUser(100, 50), { x: 100, y: 792 });
    expect(frame.userAngle(0)).toBe(0);
    expect(frame.userAngle(30)).toBe(330);
  });

  it('/Rotate 90: the user bottom-left corner shows top-left; displayed x runs up the page', () => {
    const frame = frameOf(A4, 90);
    expect([frame.width, frame.height]).toEqual([842, 595]);
    close(frame.toUser(0, 0), { x: 0, y: 0 });
    close(frame.toUser(100, 50), { x: 50, y: 100 });
    close(frame.toUser(842, 595), { x: 595, y: 842 });
    expect(frame.userAngle(0)).toBe(90);
    expect(frame.userAngle(90)).toBe(0);
  });

  it('/Rotate 180: the user bottom-right corner shows top-left', () => {
    const frame = frameOf(A4, 180);
    expect([frame.width, frame.height]).toEqual([595, 842]);
    close(frame.toUser(0, 0), { x: 595, y: 0 });
    close(frame.toUser(100, 50), { x: 495, y: 50 });
    expect(frame.userAngle(0)).toBe(180);
  });

  it('/Rotate 270: the user top-right corner shows top-left', () => {
    const frame = frameOf(A4, 270);
    expect([frame.width, frame.height]).toEqual([842, 595]);
    close(frame.toUser(0, 0), { x: 595, y: 842 });
    close(frame.toUser(100, 50), { x: 545, y: 742 });
    expect(frame.userAngle(0)).toBe(270);
    expect(frame.userAngle(45)).toBe(225);
  });

  it('offsets by a CropBox that does not start at 0,0, for every rotation', () => {
    // (10, 20) displayed in the 400 × 600 box at (50, 100).
    close(frameOf(OFFSET, 0).toUser(10, 20), { x: 60, y: 680 });
    close(frameOf(OFFSET, 90).toUser(10, 20), { x: 70, y: 110 });
    close(frameOf(OFFSET, 180).toUser(10, 20), { x: 440, y: 120 });
    close(frameOf(OFFSET, 270).toUser(10, 20), { x: 430, y: 690 });
    expect([frameOf(OFFSET, 90).width, frameOf(OFFSET, 90).height]).toEqual([600, 400]);
  });

  it('toDisplayed undoes toUser', () => {
    for (const rotation of [0, 90, 180, 270]) {
      const frame = frameOf(OFFSET, rotation);
      for (const [x, y] of [
        [0, 0],
        [12.5, 340.25],
        [frame.width, frame.height],
      ] as const) {
        const user = frame.toUser(x, y);
        close(frame.toDisplayed(user.x, user.y), { x, y });
      }
    }
  });

  it('reads rotations as pdf.js does: negative and over 360 wrap, non-multiples of 90 are 0', () => {
    expect(frameOf(A4, -90).rotate).toBe(270);
    expect(frameOf(A4, 450).rotate).toBe(90);
    expect(frameOf(A4, 45).rotate).toBe(0);
  });
});

describe('pageFrame: the boxes and rotation of a pdf-lib page', () => {
  async function page(setUp: (doc: PDFDocument) => void) {
    const doc = await PDFDocument.create();
    setUp(doc);
    return pageFrame(doc.getPage(0));
  }

  it('uses the CropBox clipped to the MediaBox, and falls back to the MediaBox', async () => {
    const plain = await page((doc) => doc.addPage([612, 792]));
    expect(plain.view).toEqual({ x0: 0, y0: 0, x1: 612, y1: 792 });
    const cropped = await page((doc) => {
      const p = doc.addPage([612, 792]);
      p.setCropBox(36, 72, 500, 600);
      p.setRotation(degrees(90));
    });
    expect(cropped.view).toEqual({ x0: 36, y0: 72, x1: 536, y1: 672 });
    expect([cropped.width, cropped.height, cropped.rotate]).toEqual([600, 500, 90]);
    const overhanging = await page((doc) =>
      doc.addPage([612, 792]).setCropBox(-10, -10, 1000, 1000),
    );
    expect(overhanging.view).toEqual({ x0: 0, y0: 0, x1: 612, y1: 792 });
    const outside = await page((doc) => doc.addPage([612, 792]).setCropBox(700, 800, 50, 50));
    expect(outside.view).toEqual({ x0: 0, y0: 0, x1: 612, y1: 792 });
  });

  it('normalises a box given with its corners swapped, and inherits /Rotate from the page tree', async () => {
    const frame = await page((doc) => {
      const p = doc.addPage([595, 842]);
      p.node.set(PDFName.of('MediaBox'), doc.context.obj([595, 842, 0, 0]));
      p.node.Parent()!.set(PDFName.of('Rotate'), PDFNumber.of(-90));
    });
    expect(frame.view).toEqual(A4);
    expect(frame.rotate).toBe(270);
  });
});

describe('placeBox: a displayed box as pdf-lib draw parameters', () => {
  /** The corners pdf-lib paints for the placed box (its unit square turned and scaled), displayed. */
  function paintedCorners(frame: PageFrame, box: Parameters<typeof placeBox>[1]) {
    const placed = placeBox(frame, box);
    const angle = (placed.rotate.angle * Math.PI) / 180;
    const at = (u: number, v: number) => {
      const x = placed.x + u * Math.cos(angle) - v * Math.sin(angle);
      const y = placed.y + u * Math.sin(angle) + v * Math.cos(angle);
      return frame.toDisplayed(x, y);
    };
    // Top-left, top-right, bottom-right, bottom-left as the reader sees the box.
    return [at(0, box.height), at(box.width, box.height), at(box.width, 0), at(0, 0)];
  }

  it('gives the bottom-left corner and angle, worked by hand', () => {
    const upright = frameOf(A4, 0);
    const flat = placeBox(upright, { x: 100, y: 200, width: 60, height: 40, rotate: 0 });
    expect([flat.x, flat.y, flat.rotate.angle]).toEqual([70, 622, 0]);
    // Turned 90° clockwise, the bottom-left corner moves to the top-left: (80, 170) displayed.
    const turned = placeBox(upright, { x: 100, y: 200, width: 60, height: 40, rotate: 90 });
    expect(turned.x).toBeCloseTo(80, 9);
    expect(turned.y).toBeCloseTo(672, 9);
    expect(turned.rotate.angle).toBe(270);
    const sideways = placeBox(frameOf(A4, 90), {
      x: 100,
      y: 200,
      width: 60,
      height: 40,
      rotate: 0,
    });
    expect([sideways.x, sideways.y, sideways.rotate.angle]).toEqual([220, 70, 90]);
  });

  it('paints exactly the corners the editor shows, for every page rotation, CropBox and box angle', () => {
    for (const view of [A4, OFFSET]) {
      for (const rotation of [0, 90, 180, 270]) {
        const frame = frameOf(view, rotation);
        for (const rotate of [0, 17, 90, 135, 180, 270, 333]) {
          const box = { x: 123.4, y: 234.5, width: 80, height: 50, rotate };
          const expected = cornersOf({
            left: box.x - 40,
            top: box.y - 25,
            width: 80,
            height: 50,
            rotate,
          });
          paintedCorners(frame, box).forEach((corner, i) => close(corner, expected[i]!));
        }
      }
    }
  });
});
