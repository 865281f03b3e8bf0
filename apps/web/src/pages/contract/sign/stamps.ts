/**
 * Where a signer's stamps land, shown before signing: the party's seal and signature boxes carry
 * the chosen seal (the editor draws a seal field with the seal whose id it names), and a list of
 * the places by page.
 */
import type { ContractSeal } from '@esign/platform';
import {
  ELEMENT_MODELS,
  deriveSignList,
  type SignListEntry,
  type TemplateElement,
  type TemplateProject,
} from '@esign/template-editor';

/** One place a party's stamp lands. */
export interface StampPlace {
  elementUuid: string;
  kind: SignListEntry['kind'];
  /** 1 first. */
  page: number;
}

/** Whether the signer stamps this field (a seal, a signature, a cross-page seal: the kind says). */
export function isStamped(element: Pick<TemplateElement, 'elName'>): boolean {
  return ELEMENT_MODELS[element.elName]?.role === 'sign';
}

/**
 * The party's seal and signature boxes and cross-page seal slices, page by page (the editor's
 * sign list: one entry per page a stamp lands on).
 */
export function stampPlaces(project: TemplateProject, party: string): StampPlace[] {
  return deriveSignList(project)
    .filter((entry) => entry.party === party)
    .map(({ elementUuid, kind, page }) => ({ elementUuid, kind, page }))
    .sort((a, b) => a.page - b.page);
}

/**
 * The project with the party's seal and signature boxes showing `sealId` (none when null); other
 * parties' boxes are left as they are. The same project comes back when nothing changes.
 */
export function withChosenSeal(
  project: TemplateProject,
  party: string,
  sealId: string | null,
): TemplateProject {
  let changed = false;
  const pages = project.pages.map((page) => {
    let pageChanged = false;
    const elements = page.elements.map((element) => {
      if (!isStamped(element) || element.config.party !== party) return element;
      const wanted = sealId ?? '';
      if (element.previewConfig.sealId === wanted) return element;
      pageChanged = true;
      return { ...element, previewConfig: { ...element.previewConfig, sealId: wanted } };
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, elements };
  });
  return changed ? { ...project, pages } : project;
}

/**
 * The seal chosen before the signer picks one: the one the server marks default, or the only one.
 * Among several without a default the signer chooses (a company's seal or one's own).
 */
export function defaultSeal(seals: readonly ContractSeal[]): ContractSeal | null {
  return seals.find((seal) => seal.default) ?? (seals.length === 1 ? seals[0]! : null);
}

/** Pages as a short list: 1–3, 5. */
export function pageRanges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return ranges.join(', ');
}
