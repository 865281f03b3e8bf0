/**
 * The generated seals contract signing stamps until seal management supplies them (issue 11): a
 * person's square name seal and a company's round seal, red, 400 px across. The drawings are those
 * of the seal templates (`draw-ring.ts`, `draw-name.ts`), at this smaller size.
 */
import { SEAL_INKS } from '@esign/platform';
import { ROUND_SEAL_MM, roundSeal } from './draw-ring';
import { SQUARE_SEAL_MM, squareSeal } from './draw-name';
import { UNITS_PER_MM } from './svg-text';

export { SEAL_FONT_FAMILIES } from './svg-text';

/** Width and height of a generated contract seal in pixels. */
export const SEAL_SIZE = 400;
/** The generated seals' ink: the red of a stamp pad. */
export const SEAL_RED = SEAL_INKS.red;

/** The company seal's options. */
export interface CompanySealOptions {
  /** The text across the lower half, the seal's purpose, e.g. '合同专用章' (none by default). */
  horizontalText?: string;
  /** The seal's registration number along the bottom of the ring, read left to right. */
  serialNumber?: string;
}

/**
 * A square name seal: a red border and the name inside, in columns from the right (two characters
 * as tall columns, three completed with 印, four as 2 × 2); other names on lines.
 */
export function personalSeal(name: string): string {
  return squareSeal(name, {
    style: 'personal',
    ink: SEAL_RED,
    pixelsPerUnit: SEAL_SIZE / (SQUARE_SEAL_MM * UNITS_PER_MM),
  });
}

/**
 * A round company seal: a red ring, a five-pointed star in the centre, the company's name along
 * the upper arc, the horizontal text below the star and the serial number along the bottom.
 */
export function companySeal(companyName: string, options: CompanySealOptions = {}): string {
  return roundSeal(
    { name: companyName, horizontalText: options.horizontalText, belowText: options.serialNumber },
    { ink: SEAL_RED, pixelsPerUnit: SEAL_SIZE / (ROUND_SEAL_MM * UNITS_PER_MM) },
  );
}
