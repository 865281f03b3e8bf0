/**
 * The seal templates a person or a company makes seals from (issue 14), drawn on the server from
 * SVG to PNG: the same bytes for the same inputs. `drawSealTemplate` is what seal management calls.
 */
import { createHash } from 'node:crypto';
import {
  COMPANY_SEAL_TYPE_NAMES,
  type CompanySealType,
  type PersonalSealShape,
  type SealColour,
} from '@esign/platform';
import { renderSealPng } from './render';
import type { SealImage } from './seal-image';
import { companySeal, personalSeal } from './svg';

/** What a template seal is drawn from. */
export type SealTemplate =
  | {
      kind: 'personal';
      shape: PersonalSealShape;
      /** The verified name (a square seal holds 2–4 characters). */
      name: string;
      colour?: SealColour;
    }
  | {
      kind: 'company';
      type: CompanySealType;
      /** The company's full name, along the ring (for `legal`, unused). */
      companyName: string;
      /** The legal representative's name, for `legal` (a square seal of it). */
      legalName?: string;
      /** Across the middle; '' gives the type's own text for contract, finance and invoice seals. */
      horizontalText: string;
      /** Along the bottom: the registration or tax number. */
      belowText: string;
      colour: SealColour;
      aged: boolean;
    };

/** The horizontal text a type's seal carries when none is given. */
export function defaultHorizontalText(type: CompanySealType): string {
  return type === 'contract' || type === 'finance' || type === 'invoice'
    ? COMPANY_SEAL_TYPE_NAMES[type].zh
    : '';
}

/** The SVG of a template seal. */
export function sealTemplateSvg(template: SealTemplate): string {
  if (template.kind === 'personal') return personalSeal(template.name);
  if (template.type === 'legal') return personalSeal(template.legalName ?? template.companyName);
  return companySeal(template.companyName, {
    horizontalText: template.horizontalText || defaultHorizontalText(template.type),
    serialNumber: template.belowText || undefined,
  });
}

/** Draws a template seal as PNG with its SHA-256. */
export async function drawSealTemplate(template: SealTemplate): Promise<SealImage> {
  const { png, width, height } = await renderSealPng(sealTemplateSvg(template));
  return { png, width, height, sha256: createHash('sha256').update(png).digest('hex') };
}
