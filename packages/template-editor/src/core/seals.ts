/**
 * Seals are placed on all pages: one seal the author adds becomes a group of copies, one per page,
 * linked by `config.sealGroup`. Each copy may be moved on its own; everything else is shared.
 * Invariant kept by every command: every page holds exactly one member of each seal group.
 */
import { newId } from './factory';
import { placeOnPage } from './geometry';
import type { TemplateElement, TemplatePage } from './model';

/** A copy of a seal group's member for another page, placed where it fits on that page. */
export function sealCopyFor(member: TemplateElement, page: TemplatePage): TemplateElement {
  const copy: TemplateElement = structuredClone(member);
  copy.uuid = newId();
  Object.assign(copy.commonStyle, placeOnPage(copy.commonStyle, page.config));
  return copy;
}

/** The ids of the seal groups present in the project, in order of first appearance. */
export function sealGroupIds(pages: readonly TemplatePage[]): string[] {
  const ids = new Set<string>();
  for (const page of pages) {
    for (const element of page.elements) {
      if (element.elName === 'seal' && element.config.sealGroup) ids.add(element.config.sealGroup);
    }
  }
  return [...ids];
}

/**
 * Brings stored pages to the invariant. Seals of older templates without a group are grouped with
 * the seals of other pages that look the same (party, seal, type and box); a page that lacks a
 * member of a group receives a copy; a page with two members of one group keeps the first and the
 * second becomes a group of its own (so nothing the author placed is lost).
 */
export function normaliseSealGroups(pages: TemplatePage[]): void {
  const byLook = new Map<string, string>();
  const taken = new Map<string, Set<number>>();
  pages.forEach((page, pageIndex) => {
    for (const element of page.elements) {
      if (element.elName !== 'seal') {
        element.config.sealGroup = '';
        continue;
      }
      let group = element.config.sealGroup;
      if (!group) {
        const style = element.commonStyle;
        const look = JSON.stringify([
          element.config.party,
          element.previewConfig.sealId,
          element.config.sealTypeKey,
          style.left,
          style.top,
          style.width,
          style.height,
          style.rotate,
        ]);
        group = byLook.get(look) ?? newId();
        if (taken.get(group)?.has(pageIndex)) group = newId();
        byLook.set(look, group);
      } else if (taken.get(group)?.has(pageIndex)) {
        group = newId();
      }
      element.config.sealGroup = group;
      const pagesOfGroup = taken.get(group) ?? new Set<number>();
      pagesOfGroup.add(pageIndex);
      taken.set(group, pagesOfGroup);
    }
  });
  for (const [group, pagesOfGroup] of taken) {
    if (pagesOfGroup.size === pages.length) continue;
    const first = [...pagesOfGroup][0]!;
    const member = pages[first]!.elements.find((element) => element.config.sealGroup === group)!;
    pages.forEach((page, pageIndex) => {
      if (!pagesOfGroup.has(pageIndex)) page.elements.push(sealCopyFor(member, page));
    });
  }
}
