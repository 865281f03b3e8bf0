import type { LocalizedText, Party } from './constants';
import { isInside, overlaps } from './geometry';
import type { TemplateElement, TemplateProject } from './model';
import { ELEMENT_MODELS, type FieldRole } from './registry';

export type TemplateCheckCode =
  | 'no-signatory'
  | 'participant-without-role'
  | 'signer-without-field'
  | 'filler-without-field'
  | 'field-party-not-participant'
  | 'empty-title'
  | 'duplicate-title'
  | 'overlap'
  | 'outside-page';

/** One problem the author should fix before the template is used. */
export interface TemplateCheck {
  code: TemplateCheckCode;
  message: LocalizedText;
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

  project.pages.forEach((page, index) => {
    const elements = page.elements;
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
      for (let j = i + 1; j < elements.length; j++) {
        const b = elements[j]!;
        if (overlaps(a.commonStyle, b.commonStyle)) {
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
    }
  });
  return checks;
}
