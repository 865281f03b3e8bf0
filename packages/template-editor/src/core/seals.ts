/**
 * Seals are placed on all pages: one seal the author adds becomes a group of copies, one per page,
 * linked by `config.sealGroup`. The copies share everything, their place too: moving or resizing
 * one moves or resizes the others ("same place on every page"), except a copy the author placed on
 * its own (`config.ownPlace`), which keeps its place (but shares its size and the rest).
 * Invariant kept by every command: every page holds exactly one member of each seal group.
 */
import { newId } from './factory';
import { EPSILON, placeOnPage, type Box, type Size } from './geometry';
import type { TemplateElement, TemplatePage } from './model';

/** The pages as the seal rules read and change them (stored pages or an immer draft of them). */
interface SealPages {
  readonly length: number;
  forEach(
    visit: (page: { config: Size; elements: TemplateElement[] }, index: number) => void,
  ): void;
}

/** A copy of a seal group's member for another page, placed where it fits on that page. */
export function sealCopyFor(member: TemplateElement, page: TemplatePage): TemplateElement {
  const copy: TemplateElement = structuredClone(member);
  copy.uuid = newId();
  delete copy.config.ownPlace;
  Object.assign(copy.commonStyle, placeOnPage(copy.commonStyle, page.config));
  return copy;
}

/** Whether a seal copy keeps a place of its own instead of following its group. */
export function hasOwnPlace(element: TemplateElement): boolean {
  return element.elName === 'seal' && element.config.ownPlace === true;
}

/**
 * The member of a seal group whose place the group shares: the first copy, in page order, not
 * placed on its own (`except` left out); undefined when every other copy keeps its own place.
 */
export function sharedPlaceMember(
  pages: SealPages,
  group: string,
  except?: string,
): TemplateElement | undefined {
  let found: TemplateElement | undefined;
  pages.forEach((page) => {
    if (found) return;
    found = page.elements.find(
      (element) =>
        element.elName === 'seal' &&
        element.config.sealGroup === group &&
        element.uuid !== except &&
        !hasOwnPlace(element),
    );
  });
  return found;
}

/** Where `box` goes on a page of `size`: the same place, pulled inside a smaller page. */
export function samePlaceOn(box: Box, size: Size): { left: number; top: number } {
  const { left, top } = placeOnPage(box, size);
  return { left: Math.round(left * 100) / 100, top: Math.round(top * 100) / 100 };
}

/**
 * After a command moved or resized the seal copies `leaders` (uuids), brings the other copies of
 * their groups that share the group's place to the same place and size on their pages. Copies
 * placed on their own keep their place. When two copies of one group led, the first in page order
 * sets the place.
 */
export function followSealGroups(pages: SealPages, leaders: ReadonlySet<string>): void {
  if (leaders.size === 0) return;
  const places = new Map<string, Box>();
  pages.forEach((page) => {
    for (const element of page.elements) {
      const group = element.config.sealGroup;
      if (!leaders.has(element.uuid) || element.elName !== 'seal' || !group) continue;
      if (hasOwnPlace(element) || places.has(group)) continue;
      places.set(group, { ...element.commonStyle });
    }
  });
  if (places.size === 0) return;
  pages.forEach((page) => {
    for (const element of page.elements) {
      const box = places.get(element.config.sealGroup);
      if (!box || element.elName !== 'seal' || hasOwnPlace(element)) continue;
      const style = element.commonStyle;
      if (style.width !== box.width) style.width = box.width;
      if (style.height !== box.height) style.height = box.height;
      if (style.rotate !== box.rotate) style.rotate = box.rotate;
      const { left, top } = samePlaceOn(box, page.config);
      if (style.left !== left) style.left = left;
      if (style.top !== top) style.top = top;
    }
  });
}

/** Whether a seal copy sits where its group's shared place (`box`) puts it on a page of `size`. */
export function atSamePlace(element: TemplateElement, box: Box, size: Size): boolean {
  const expected = samePlaceOn({ ...element.commonStyle, left: box.left, top: box.top }, size);
  const style = element.commonStyle;
  return (
    Math.abs(style.left - expected.left) <= 0.01 + EPSILON &&
    Math.abs(style.top - expected.top) <= 0.01 + EPSILON
  );
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
        delete element.config.ownPlace;
        continue;
      }
      if (element.config.ownPlace === false) delete element.config.ownPlace;
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
    const member =
      sharedPlaceMember(pages, group) ??
      pages[first]!.elements.find((element) => element.config.sealGroup === group)!;
    pages.forEach((page, pageIndex) => {
      if (!pagesOfGroup.has(pageIndex)) page.elements.push(sealCopyFor(member, page));
    });
  }
}

/**
 * The copies of `element`'s seal group on other pages that do not sit at its place (as it would be
 * on their pages): what "Same place on every page" would move.
 */
export function sealCopiesElsewhere(
  pages: readonly TemplatePage[],
  element: TemplateElement,
): TemplateElement[] {
  const group = element.config.sealGroup;
  if (element.elName !== 'seal' || !group) return [];
  return pages.flatMap((page) =>
    page.elements.filter(
      (other) =>
        other.elName === 'seal' &&
        other.config.sealGroup === group &&
        other.uuid !== element.uuid &&
        !atSamePlace(other, element.commonStyle, page.config),
    ),
  );
}
