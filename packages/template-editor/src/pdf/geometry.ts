/**
 * The one conversion between displayed-page points and PDF user space.
 *
 * Displayed-page points are what the editor, the core and pdf.js's viewport use: the page as a
 * reader shows it, cropped to its visible box and turned by its `/Rotate`, origin at the top-left
 * corner, y down. PDF user space is the page's own coordinate system: y up, origin wherever the
 * page's boxes put it, unturned. Everything else in this module draws through a {@link PageFrame}.
 */
import { PDFArray, PDFName, PDFNumber, degrees, type PDFPage, type Rotation } from 'pdf-lib';

/** A rectangle in PDF user space, normalised so that `x0 < x1` and `y0 < y1`. */
export interface UserRect {
  /** Left edge. */
  x0: number;
  /** Bottom edge. */
  y0: number;
  /** Right edge. */
  x1: number;
  /** Top edge. */
  y1: number;
}

/** A point in PDF user space. */
export interface UserPoint {
  /** Distance to the right of the user-space origin. */
  x: number;
  /** Distance above the user-space origin. */
  y: number;
}

/** The page as the editor shows it, and the way back to the page's user space. */
export interface PageFrame {
  /** Displayed width in points (after cropping and rotation). */
  width: number;
  /** Displayed height in points (after cropping and rotation). */
  height: number;
  /** The page's `/Rotate`, normalised to 0, 90, 180 or 270 (clockwise, as PDF defines it). */
  rotate: 0 | 90 | 180 | 270;
  /** The visible box (CropBox clipped to the MediaBox) in user space. */
  view: UserRect;
  /** A displayed point (from the top-left corner, y down) in user space. */
  toUser(x: number, y: number): UserPoint;
  /** A user-space point as displayed (the inverse of `toUser`). */
  toDisplayed(x: number, y: number): UserPoint;
  /**
   * The counter-clockwise angle in user space (degrees, pdf-lib's convention) of a direction that
   * the reader sees turned `clockwise` degrees from the page's rightward direction.
   */
  userAngle(clockwise: number): number;
}

/** A box as the editor stores it: centre, unrotated size and clockwise rotation about the centre. */
export interface DisplayedBox {
  /** Centre in displayed points from the top-left corner. */
  x: number;
  /** Centre's distance from the top edge, in displayed points. */
  y: number;
  /** Width of the unrotated box, in points. */
  width: number;
  /** Height of the unrotated box, in points. */
  height: number;
  /** Degrees clockwise about the centre, as the reader sees it. */
  rotate: number;
}

/**
 * What pdf-lib's `drawImage`/`drawRectangle` need to cover a displayed box: (`x`, `y`) is the user
 * space position of the box's bottom-left corner as the reader sees it, about which pdf-lib turns
 * the drawing `rotate` counter-clockwise.
 */
export interface PlacedBox {
  /** User-space x of the corner the drawing turns about. */
  x: number;
  /** User-space y of the corner the drawing turns about. */
  y: number;
  /** Width to draw, in points. */
  width: number;
  /** Height to draw, in points. */
  height: number;
  /** Counter-clockwise turn about (`x`, `y`), as pdf-lib takes it. */
  rotate: Rotation;
}

/** Builds the frame of a page whose visible box and rotation are known. */
export function frameOf(view: UserRect, rotation: number): PageFrame {
  const rotate = normaliseRotation(rotation);
  const { x0, y0, x1, y1 } = view;
  const w = x1 - x0;
  const h = y1 - y0;
  const turned = rotate === 90 || rotate === 270;
  let toUser: PageFrame['toUser'];
  let toDisplayed: PageFrame['toDisplayed'];
  // The page turned clockwise by `rotate`: which user-space corner lands top-left, and where the
  // displayed x and y axes point in user space (see the tests for a worked corner of each case).
  switch (rotate) {
    case 0:
      toUser = (x, y) => ({ x: x0 + x, y: y1 - y });
      toDisplayed = (u, v) => ({ x: u - x0, y: y1 - v });
      break;
    case 90:
      toUser = (x, y) => ({ x: x0 + y, y: y0 + x });
      toDisplayed = (u, v) => ({ x: v - y0, y: u - x0 });
      break;
    case 180:
      toUser = (x, y) => ({ x: x1 - x, y: y0 + y });
      toDisplayed = (u, v) => ({ x: x1 - u, y: v - y0 });
      break;
    case 270:
      toUser = (x, y) => ({ x: x1 - y, y: y1 - x });
      toDisplayed = (u, v) => ({ x: y1 - v, y: x1 - u });
      break;
  }
  return {
    width: turned ? h : w,
    height: turned ? w : h,
    rotate,
    view: { x0, y0, x1, y1 },
    toUser,
    toDisplayed,
    userAngle: (clockwise) => normaliseAngle(rotate - clockwise),
  };
}

/**
 * The frame of a pdf-lib page: its visible box is the CropBox (or the MediaBox where there is
 * none) clipped to the MediaBox, both possibly inherited, as pdf.js shows it.
 */
export function pageFrame(page: PDFPage): PageFrame {
  // A page without a usable MediaBox is shown as US Letter by pdf.js and most readers.
  const media = rectOf(inherited(page, 'MediaBox')) ?? { x0: 0, y0: 0, x1: 612, y1: 792 };
  const crop = rectOf(inherited(page, 'CropBox'));
  let view = media;
  if (crop) {
    const clipped = {
      x0: Math.max(crop.x0, media.x0),
      y0: Math.max(crop.y0, media.y0),
      x1: Math.min(crop.x1, media.x1),
      y1: Math.min(crop.y1, media.y1),
    };
    // pdf.js ignores a CropBox that does not overlap the MediaBox; so do we.
    if (clipped.x1 > clipped.x0 && clipped.y1 > clipped.y0) view = clipped;
  }
  const rotate = inherited(page, 'Rotate');
  return frameOf(view, rotate instanceof PDFNumber ? rotate.asNumber() : 0);
}

/**
 * Where pdf-lib draws a displayed box: the bottom-left corner the reader sees (the box turned
 * about its centre) in user space, and the counter-clockwise angle of the box's bottom edge there.
 */
export function placeBox(frame: PageFrame, box: DisplayedBox): PlacedBox {
  const corner = turnAbout(box, -box.width / 2, box.height / 2);
  const origin = frame.toUser(corner.x, corner.y);
  return {
    x: origin.x,
    y: origin.y,
    width: box.width,
    height: box.height,
    rotate: degrees(frame.userAngle(box.rotate)),
  };
}

/**
 * The user-space rectangle that a displayed box covers, for clipping (a cross-page seal's slice):
 * exact for a box turned by a multiple of 90° as displayed, since pages turn by quarter turns too;
 * for any other angle, the smallest user-space rectangle holding the turned box. `renderContractPdf`
 * and the signing service clip through this, so that both cut a slice at the same place.
 */
export function clipRect(frame: PageFrame, box: DisplayedBox): UserRect {
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const displayed = turnAbout(box, (sx! * box.width) / 2, (sy! * box.height) / 2);
    return frame.toUser(displayed.x, displayed.y);
  });
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/**
 * A point given relative to a box's centre in the box's own unturned axes (x right, y down), as
 * displayed once the box is turned `box.rotate` degrees clockwise about its centre.
 */
export function turnAbout(box: DisplayedBox, dx: number, dy: number): { x: number; y: number } {
  const angle = (box.rotate * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // With y pointing down, this matrix turns clockwise as the reader sees it.
  return { x: box.x + dx * cos - dy * sin, y: box.y + dx * sin + dy * cos };
}

/** `/Rotate` as 0, 90, 180 or 270; like pdf.js, a value that is not a multiple of 90 counts as 0. */
export function normaliseRotation(rotation: number): 0 | 90 | 180 | 270 {
  if (!Number.isFinite(rotation) || rotation % 90 !== 0) return 0;
  return (((rotation % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

function normaliseAngle(angle: number): number {
  const a = ((angle % 360) + 360) % 360;
  return a === 360 ? 0 : a;
}

/** A page attribute, inherited from the page tree where the page has none, with references resolved. */
function inherited(page: PDFPage, name: 'MediaBox' | 'CropBox' | 'Rotate'): unknown {
  const raw = page.node.getInheritableAttribute(PDFName.of(name));
  return raw === undefined ? undefined : page.node.context.lookup(raw);
}

function rectOf(value: unknown): UserRect | undefined {
  if (!(value instanceof PDFArray) || value.size() < 4) return undefined;
  const numbers: number[] = [];
  for (let i = 0; i < 4; i++) {
    const item = value.lookup(i);
    if (!(item instanceof PDFNumber)) return undefined;
    numbers.push(item.asNumber());
  }
  const [a, b, c, d] = numbers as [number, number, number, number];
  const rect = { x0: Math.min(a, c), y0: Math.min(b, d), x1: Math.max(a, c), y1: Math.max(b, d) };
  return rect.x1 > rect.x0 && rect.y1 > rect.y0 ? rect : undefined;
}
