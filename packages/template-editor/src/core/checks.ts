import type { LocalizedText, Party } from './constants';
import { crossPageRange, crossPageSlicesOf } from './crossPage';
import { boundsOf, isInside, overlaps } from './geometry';
import type { TemplateElement, TemplateProject } from './model';
import { atSamePlace, hasOwnPlace, sharedPlaceMember } from './seals';
import { ELEMENT_MODELS, type FieldRole } from './registry';

/**
 * What a `TemplateCheck` found: no signing party (`no-signatory`), a participant that neither signs
 * nor fills (`participant-without-role`), a signer or filler without a field of that role
 * (`signer-without-field`, `filler-without-field`), fields of a party that is no participant
 * (`field-party-not-participant`), a field without a name or a name used twice (`empty-title`,
 * `duplicate-title`), two fields overlapping (`overlap`), a field off its page (`outside-page`), or
 * a cross-page seal whose range has fewer than two pages (`cross-page-too-few-pages`); and, as a
 * warning of `templateWarnings`, copies of one seal at different places (`seal-copies-apart`).
 */
export type TemplateCheckCode =
  | 'no-signatory'
  | 'participant-without-role'
  | 'signer-without-field'
  | 'filler-without-field'
  | 'field-party-not-participant'
  | 'empty-title'
  | 'duplicate-title'
  | 'overlap'
  | 'outside-page'
  | 'cross-page-too-few-pages'
  | 'seal-copies-apart';

/** One problem the author should fix before the template is used. */
export interface TemplateCheck {
  /** What the problem is. */
  code: TemplateCheckCode;
  /** The problem told to the author, in English and Chinese. */
  message: LocalizedText;
  /** The party concerned, where the problem is one party's. */
  party?: Party;
  /** 1-based page number, where the problem is on a page. */
  page?: number;
  /** The fields concerned, to select them when the author clicks the problem. */
  elementUuids: string[];
}

/** Each role a participant may tick needs a field of that role: the check when it has none. */
const ROLE_CHECKS: readonly {
  role: FieldRole;
  code: TemplateCheckCode;
  message(party: Party): LocalizedText;
}[] = [
  {
    role: 'sign',
    code: 'signer-without-field',
    message: (party) => ({
      en: `Party ${party} signs but has no seal or signature field`,
      zh: `${party} 方需要签署，但没有印章或签名字段`,
    }),
  },
  {
    role: 'fill',
    code: 'filler-without-field',
    message: (party) => ({
      en: `Party ${party} fills in but has no field to fill`,
      zh: `${party} 方需要填写，但没有可填写的字段`,
    }),
  },
];

/**
 * Checks a template before it is saved or used: every signing party has a seal or signature field,
 * every cross-page seal has at least two pages in its range,
 * every filling party has a field, no two fields overlap, field titles are unique and not empty, no
 * field lies outside its page, and the participants rules of spec 001 §5. Returns an empty list
 * when the template is ready.
 */
export function validateTemplate(project: TemplateProject): TemplateCheck[] {
  const checks: TemplateCheck[] = [];
  const participants = project.participants;
  if (!participants.some((p) => p.sign)) {
    checks.push({
      code: 'no-signatory',
      message: { en: 'At least one signatory', zh: '至少需要一个签署方' },
      elementUuids: [],
    });
  }
  for (const participant of participants) {
    if (!participant.sign && !participant.fill) {
      checks.push({
        code: 'participant-without-role',
        party: participant.party,
        message: {
          en: `Participants must tick sign or fill items (party ${participant.party})`,
          zh: `参与方必须勾选签署或填写（${participant.party} 方）`,
        },
        elementUuids: [],
      });
    }
  }

  const all: { element: TemplateElement; page: number }[] = project.pages.flatMap((page, index) =>
    page.elements.map((element) => ({ element, page: index + 1 })),
  );
  for (const participant of participants) {
    const own = all.filter((entry) => entry.element.config.party === participant.party);
    for (const { role, code, message } of ROLE_CHECKS) {
      if (!participant[role]) continue;
      if (own.some((entry) => ELEMENT_MODELS[entry.element.elName].role === role)) continue;
      checks.push({
        code,
        party: participant.party,
        message: message(participant.party),
        elementUuids: [],
      });
    }
  }
  const known = new Set(participants.map((p) => p.party));
  const strays = all.filter((entry) => !known.has(entry.element.config.party));
  for (const party of new Set(strays.map((entry) => entry.element.config.party))) {
    checks.push({
      code: 'field-party-not-participant',
      party,
      message: {
        en: `Fields belong to party ${party}, which is not a participant`,
        zh: `有字段属于 ${party} 方，但 ${party} 方不是参与方`,
      },
      elementUuids: strays
        .filter((entry) => entry.element.config.party === party)
        .map((entry) => entry.element.uuid),
    });
  }

  // A seal group is one field shown on every page: its members share a title.
  const byTitle = new Map<string, { uuids: string[]; fields: Set<string> }>();
  for (const { element, page } of all) {
    if (!element.title.trim()) {
      checks.push({
        code: 'empty-title',
        page,
        message: { en: 'A field has no name', zh: '字段名称不能为空' },
        elementUuids: [element.uuid],
      });
      continue;
    }
    const entry = byTitle.get(element.title) ?? { uuids: [], fields: new Set<string>() };
    entry.uuids.push(element.uuid);
    entry.fields.add(element.config.sealGroup || element.uuid);
    byTitle.set(element.title, entry);
  }
  for (const [title, entry] of byTitle) {
    if (entry.fields.size > 1) {
      checks.push({
        code: 'duplicate-title',
        message: {
          en: `Field name "${title}" is used more than once`,
          zh: `字段名称“${title}”重复`,
        },
        elementUuids: entry.uuids,
      });
    }
  }

  // A cross-page seal is drawn as slices on the pages of its range, not in its stored box.
  for (const { element, page } of all) {
    if (element.elName !== 'crosspage') continue;
    const { first, last } = crossPageRange(element, project.pages.length);
    if (last - first + 1 < 2) {
      checks.push({
        code: 'cross-page-too-few-pages',
        page,
        message: {
          en: `"${element.title}" is a cross-page seal: it needs at least two pages (the contract has ${last - first + 1} in its range)`,
          zh: `“${element.title}”是骑缝章，至少需要两页（其页码范围内只有 ${last - first + 1} 页）`,
        },
        elementUuids: [element.uuid],
      });
    } else if (crossPageSlicesOf(element, project.pages).length === 0) {
      checks.push({
        code: 'outside-page',
        page,
        message: {
          en: `"${element.title}" does not fit on the pages of its range`,
          zh: `“${element.title}”超出了页码范围内的页面`,
        },
        elementUuids: [element.uuid],
      });
    }
  }

  project.pages.forEach((page, index) => {
    const elements = page.elements.filter((element) => element.elName !== 'crosspage');
    const pairs = overlappingPairs(elements);
    for (let i = 0; i < elements.length; i++) {
      const a = elements[i]!;
      if (!isInside(a.commonStyle, page.config)) {
        checks.push({
          code: 'outside-page',
          page: index + 1,
          message: { en: `"${a.title}" lies outside its page`, zh: `“${a.title}”超出了页面` },
          elementUuids: [a.uuid],
        });
      }
      for (const j of pairs.get(i) ?? []) {
        const b = elements[j]!;
        checks.push({
          code: 'overlap',
          page: index + 1,
          message: {
            en: `"${a.title}" and "${b.title}" overlap`,
            zh: `“${a.title}”与“${b.title}”重叠`,
          },
          elementUuids: [a.uuid, b.uuid],
        });
      }
    }
  });
  return checks;
}

/**
 * The pairs of fields that overlap, as i → the js after it (indices in paint order, ascending).
 * A sweep over the fields' bounds from left to right: only fields whose bounds meet are compared
 * exactly, so a page of 2,000 fields takes milliseconds, not the seconds of comparing every pair.
 */
function overlappingPairs(elements: readonly TemplateElement[]): Map<number, number[]> {
  const items = elements.map((element, i) => ({ i, b: boundsOf(element.commonStyle) }));
  items.sort((p, q) => p.b.left - q.b.left);
  const pairs = new Map<number, number[]>();
  let active: typeof items = [];
  for (const item of items) {
    // Bounds that end before this one starts can meet nothing further right.
    active = active.filter((other) => other.b.right > item.b.left);
    for (const other of active) {
      if (other.b.bottom <= item.b.top || item.b.bottom <= other.b.top) continue;
      const [i, j] = other.i < item.i ? [other.i, item.i] : [item.i, other.i];
      if (!overlaps(elements[i]!.commonStyle, elements[j]!.commonStyle)) continue;
      const list = pairs.get(i);
      if (list) list.push(j);
      else pairs.set(i, [j]);
    }
    active.push(item);
  }
  for (const list of pairs.values()) list.sort((p, q) => p - q);
  return pairs;
}

/**
 * What the author may have meant otherwise, without stopping the template from being used (unlike
 * `validateTemplate`'s problems): a seal whose copies do not all sit at the same place
 * (`seal-copies-apart`, one warning per page whose copy is elsewhere than the group's shared
 * place, whether placed there on purpose with "Place on this page only" or left behind in an
 * older template). Each warning names the copy and its page, so that selecting it shows it.
 */
export function templateWarnings(project: TemplateProject): TemplateCheck[] {
  const warnings: TemplateCheck[] = [];
  const reference = new Map<string, TemplateElement>();
  project.pages.forEach((page, index) => {
    for (const element of page.elements) {
      const group = element.config.sealGroup;
      if (element.elName !== 'seal' || !group) continue;
      if (!reference.has(group))
        reference.set(group, sharedPlaceMember(project.pages, group) ?? element);
      const home = reference.get(group);
      if (!home || home === element) continue;
      if (atSamePlace(element, home.commonStyle, page.config)) continue;
      const alone = hasOwnPlace(element);
      warnings.push({
        code: 'seal-copies-apart',
        page: index + 1,
        party: element.config.party,
        message: alone
          ? {
              en: `"${element.title}" is placed on this page on its own, elsewhere than on the other pages`,
              zh: `“${element.title}”在本页单独放置，与其他页位置不同`,
            }
          : {
              en: `"${element.title}" sits elsewhere on this page than on the other pages`,
              zh: `“${element.title}”在本页的位置与其他页不同`,
            },
        elementUuids: [element.uuid],
      });
    }
  });
  return warnings;
}
