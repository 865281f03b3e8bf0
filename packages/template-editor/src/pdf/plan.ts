/**
 * What an element puts on its page, decided before anything is drawn: the drawings `render.ts`
 * makes, what the element kinds' writers (`src/elements/<kind>/pdf.ts`) plan with, and the frame
 * and value rules that every field shares.
 */
import { rgb, type Color, type PDFImage } from 'pdf-lib';
import type { StampLocation, TemplateElement } from '../core';
import type { DocumentFonts, FontEntry } from './fonts';
import type { DisplayedBox } from './geometry';
import type { DocumentImages } from './images';
import type { TextLayout } from './text';

/** One thing to draw on a page (0-based), placed in displayed-page points. */
export type Drawing =
  | {
      kind: 'text';
      page: number;
      box: DisplayedBox;
      style: Paint;
      entry: FontEntry;
      layout: TextLayout;
    }
  | {
      kind: 'image';
      page: number;
      box: DisplayedBox;
      image: PDFImage;
      opacity: number;
      /** `contain` keeps the picture's proportions inside the box; `fill` covers the box exactly. */
      fit: 'contain' | 'fill';
      /**
       * What the picture is cut to, if anything: only the part inside this box is drawn (a
       * cross-page seal's slice: the whole seal placed so that its slice falls in the box).
       */
      clip?: DisplayedBox;
    }
  | {
      kind: 'frame';
      page: number;
      box: DisplayedBox;
      fill: Color | undefined;
      stroke: Color | undefined;
      opacity: number;
    };

/** A colour and the opacity it is drawn with. */
interface Paint {
  color: Color;
  opacity: number;
}

/** What every element of one document is planned with. */
export interface PlanContext {
  /** The contract's values by element `uuid` (see `RenderContractInput.values`). */
  values: Readonly<Record<string, string | Uint8Array>>;
  /** Seal images by `sealId`. */
  seals: Readonly<Record<string, Uint8Array>>;
  /**
   * Each seal element's stamp locations, by element `uuid`, as `deriveStampLocations` orders them:
   * one for a seal, one per slice for a cross-page seal (on the pages of its range, which need not
   * include the page that stores the element).
   */
  stamps: ReadonlyMap<string, readonly StampLocation[]>;
  documentFonts: DocumentFonts;
  images: DocumentImages;
}

/**
 * How one element kind is written into a contract's PDF: one object per kind, found by `elName`
 * in `writers.ts`, as `core` finds the kind's model and `react` its view.
 */
export interface ElementPdfWriter {
  /**
   * What `element`, on page `page` (0-based), puts there, in drawing order: nothing when it has
   * nothing to show (an empty field, a seal not yet signed). Each drawing says its own page: a
   * cross-page seal, stored on one page, draws a slice on every page of its range. Embeds its images and records the
   * characters of its text through `context`, so that fonts are subset after every element is
   * planned; draws nothing itself.
   */
  plan(element: TemplateElement, page: number, context: PlanContext): Promise<Drawing[]>;
}

/** A field on its page: what its value is planned into. */
export interface PlacedField {
  element: TemplateElement;
  page: number;
  box: DisplayedBox;
  /** The element's opacity, clamped to 0–1. */
  opacity: number;
  /** What errors call the field: its title, else its `uuid`. */
  name: string;
}

/** What a field kind makes of a non-empty value: one drawing, or nothing to show. */
export type ValuePlanner = (
  value: string | Uint8Array,
  field: PlacedField,
  context: PlanContext,
) => Promise<Drawing | undefined>;

/**
 * The drawings of a field that shows a value (every kind but the seal): a frame in the background
 * and outline colours its author set (the editor's preview shows them, so the contract does too),
 * then the value as `planValue` sets it. The value is the one the contract gives for the field,
 * else the field's own (`value`, else `previewConfig.value`); an empty one leaves only the frame.
 */
export async function planField(
  element: TemplateElement,
  page: number,
  context: PlanContext,
  planValue: ValuePlanner,
): Promise<Drawing[]> {
  const style = element.commonStyle;
  const field: PlacedField = {
    element,
    page,
    box: {
      x: style.left + style.width / 2,
      y: style.top + style.height / 2,
      width: style.width,
      height: style.height,
      rotate: style.rotate,
    },
    opacity: clamp01(style.opacity),
    name: fieldName(element),
  };
  const out: Drawing[] = [];
  const { backgroundColor, outLineColor } = element.config;
  const fill = backgroundColor ? parseColor(backgroundColor) : undefined;
  const stroke = outLineColor ? parseColor(outLineColor) : undefined;
  if (fill || stroke)
    out.push({ kind: 'frame', page, box: field.box, fill, stroke, opacity: field.opacity });

  const given = context.values[element.uuid];
  const value = given !== undefined ? given : element.value || element.previewConfig.value;
  if (value === '' || (value instanceof Uint8Array && value.length === 0)) return out;
  const drawing = await planValue(value, field, context);
  if (drawing) out.push(drawing);
  return out;
}

/** What errors call an element: its title, else its `uuid`. */
export function fieldName(element: TemplateElement): string {
  return element.title.trim() || element.uuid;
}

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)` (alpha ignored) as a pdf-lib colour. */
export function parseColor(value: string): Color | undefined {
  const text = value.trim();
  let match = /^#([0-9a-f]{3})$/i.exec(text);
  if (match) {
    const [r, g, b] = [...match[1]!].map((c) => Number.parseInt(c + c, 16) / 255);
    return rgb(r!, g!, b!);
  }
  match = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(text);
  if (match) {
    const n = Number.parseInt(match[1]!, 16);
    return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
  }
  match = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(text);
  if (match) {
    const [r, g, b] = [match[1], match[2], match[3]].map((c) => Math.min(255, Number(c)) / 255);
    return rgb(r!, g!, b!);
  }
  return undefined;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}
