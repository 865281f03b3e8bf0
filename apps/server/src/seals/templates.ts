/**
 * The seal templates a person or a company makes seals from (issue 14), drawn on the server from
 * SVG to PNG: the same bytes for the same inputs, sharp when printed at 300 dpi. `drawSealTemplate`
 * is what seal management calls.
 */
import { createHash } from 'node:crypto';
import {
  COMPANY_SEAL_TYPE_NAMES,
  SEAL_INKS,
  type CompanySealType,
  type PersonalSealShape,
  type SealColour,
} from '@esign/platform';
import { oblongSeal, squareSeal } from './draw-name';
import { ovalSeal, roundSeal } from './draw-ring';
import { renderSealPng } from './render';
import type { SealImage } from './seal-image';
import { SEAL_FONT_FAMILIES } from './svg-text';

/** What a template seal is drawn from. */
export type SealTemplate =
  | {
      kind: 'personal';
      shape: PersonalSealShape;
      /** The verified name (a square seal holds 2–4 characters, an oblong one up to 20). */
      name: string;
      /** Red unless given. */
      colour?: SealColour;
    }
  | {
      kind: 'company';
      type: CompanySealType;
      /** The company's full name, along the border (for `legal`, unused). */
      companyName: string;
      /** The legal representative's name, for `legal` (a square seal of it). */
      legalName?: string;
      /** Across the middle; '' gives the type's own text for contract, finance and invoice seals. */
      horizontalText: string;
      /** The registration or tax number: along the bottom of a round seal, under the middle of an oval. */
      belowText: string;
      colour: SealColour;
      /** A worn look, the same for the same inputs. */
      aged: boolean;
    };

/** The horizontal text a type's seal carries when none is given. */
export function defaultHorizontalText(type: CompanySealType): string {
  return type === 'contract' || type === 'finance' || type === 'invoice'
    ? COMPANY_SEAL_TYPE_NAMES[type].zh
    : '';
}

/**
 * The SVG of a template seal: round with a star for corporate, contract and other seals, oval for
 * finance and invoice seals, square for the legal representative and a person's square name seal,
 * a horizontal rectangle for a person's oblong one.
 */
export function sealTemplateSvg(template: SealTemplate): string {
  const ink = SEAL_INKS[template.colour ?? 'red'];
  if (template.kind === 'personal')
    return template.shape === 'oblong'
      ? oblongSeal(template.name, { ink })
      : squareSeal(template.name, { style: 'personal', ink });
  const { type, aged } = template;
  // Every input in a fixed order, so that a worn seal wears the same way however it was asked for.
  const seed = JSON.stringify([
    type,
    template.colour,
    template.companyName,
    template.legalName ?? '',
    template.horizontalText,
    template.belowText,
  ]);
  if (type === 'legal')
    return squareSeal(template.legalName ?? template.companyName, {
      style: 'legal',
      family: SEAL_FONT_FAMILIES.company,
      ink,
      aged,
      seed,
    });
  const text = {
    name: template.companyName,
    horizontalText: template.horizontalText || defaultHorizontalText(type),
    belowText: template.belowText,
  };
  return type === 'finance' || type === 'invoice'
    ? ovalSeal(text, { type, ink, aged, seed })
    : roundSeal(text, { ink, aged, seed });
}

/** Draws a template seal as PNG with its SHA-256. */
export async function drawSealTemplate(template: SealTemplate): Promise<SealImage> {
  const { png, width, height } = await renderSealPng(sealTemplateSvg(template));
  return { png, width, height, sha256: createHash('sha256').update(png).digest('hex') };
}
