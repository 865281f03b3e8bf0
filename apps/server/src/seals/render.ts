import { createRequire } from 'node:module';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { SEAL_FONT_FAMILIES } from './svg';

const resolve = createRequire(import.meta.url).resolve;

/**
 * The seals' faces, Noto Sans SC Bold and Noto Serif SC Bold (SIL Open Font License), from the
 * packages the template editor names for Hei and Song text. Found through Node's resolution, so
 * that the source, the tests and the bundled server read the same files.
 */
export const SEAL_FONT_FILES: readonly string[] = [
  resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  resolve('@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf'),
];

/**
 * Only the seal's font and no system fonts, so that a seal looks the same (and has the same bytes)
 * on every machine; the canvas is drawn at its own size on a transparent background.
 */
const OPTIONS: ResvgRenderOptions = {
  font: {
    loadSystemFonts: false,
    fontFiles: [...SEAL_FONT_FILES],
    defaultFontFamily: SEAL_FONT_FAMILIES.company,
    serifFamily: SEAL_FONT_FAMILIES.company,
    sansSerifFamily: SEAL_FONT_FAMILIES.personal,
  },
  fitTo: { mode: 'original' },
  shapeRendering: 2,
  textRendering: 2,
  logLevel: 'off',
};

/** A seal's PNG (8-bit RGBA) with its size in pixels. */
export interface RenderedSeal {
  png: Uint8Array;
  width: number;
  height: number;
}

/** Draws a seal's SVG as PNG, off the event loop (resvg renders on libuv's thread pool). */
export async function renderSealPng(svg: string): Promise<RenderedSeal> {
  const image = await renderAsync(svg, OPTIONS);
  return { png: new Uint8Array(image.asPng()), width: image.width, height: image.height };
}
