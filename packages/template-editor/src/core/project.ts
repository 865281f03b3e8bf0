import type { Party } from './constants';
import { PARTIES } from './constants';
import { ProjectValidationError, issue, type ValidationIssue } from './errors';
import { defaultParticipants } from './factory';
import type { Participant, TemplatePage, TemplateProject } from './model';
import { ELEMENT_MODELS } from './registry';
import { projectSchema, toValidationIssues, validate } from './schema';
import { normaliseSealGroups } from './seals';
import { toStoredProject } from './stamps';

/** Largest JSON text `parseProject` reads (a template with inline images stays well below). */
export const MAX_PROJECT_JSON_LENGTH = 200 * 1024 * 1024;

/**
 * Validates stored or user-supplied JSON (an object, or its text) and returns a complete project:
 * optional fields that older templates lack take their defaults, seal groups are made complete on
 * every page, elements are put in paint order and the derived lists are recomputed. Throws
 * `ProjectValidationError` (and nothing else) listing every bad path; never returns a half-valid
 * project and never changes its input.
 */
export function parseProject(json: unknown): TemplateProject {
  try {
    return parseOrThrow(json);
  } catch (error) {
    if (error instanceof ProjectValidationError) throw error;
    // A stack overflow, a throwing getter or a revoked proxy in the input: still a clear, typed error.
    throw new ProjectValidationError([
      issue([], 'unreadable', {
        en: 'The template could not be read (it is nested too deeply or is not plain data)',
        zh: '无法读取模板（嵌套过深或不是普通数据）',
      }),
    ]);
  }
}

function parseOrThrow(json: unknown): TemplateProject {
  let input = json;
  if (typeof json === 'string') {
    if (json.length > MAX_PROJECT_JSON_LENGTH) {
      throw new ProjectValidationError([
        issue([], 'too_big', { en: 'The template file is too large', zh: '模板文件过大' }),
      ]);
    }
    try {
      input = JSON.parse(json) as unknown;
    } catch {
      throw new ProjectValidationError([
        issue([], 'invalid_json', {
          en: 'The template is not valid JSON',
          zh: '模板不是有效的 JSON',
        }),
      ]);
    }
  }
  const result = validate(projectSchema, input);
  if (!result.success) throw new ProjectValidationError(toValidationIssues(result.error));
  const data = result.data;

  // zod's output is freshly built, so it is changed in place: rebuilding thousands of elements by
  // spreading would give each its own hidden class once frozen, and every scan would slow down.
  const pages: TemplatePage[] = data.pages.map((page) => {
    const elements = page.elements;
    // Paint order: older templates order by zIndex; the sort is stable for equal values.
    elements.sort((a, b) => a.commonStyle.zIndex - b.commonStyle.zIndex);
    elements.forEach((element, index) => {
      element.commonStyle.zIndex = index + 1;
    });
    return {
      uuid: page.uuid,
      name: page.name,
      elements,
      commonStyle: page.commonStyle,
      config: { width: page.config.width ?? data.width, height: page.config.height ?? data.height },
    };
  });

  const problems = duplicateIds(pages);
  if (problems.length > 0) throw new ProjectValidationError(problems);
  normaliseSealGroups(pages);

  const project: TemplateProject = {
    name: data.name,
    title: data.title,
    description: data.description,
    coverImage: data.coverImage,
    author: data.author,
    script: data.script,
    width: data.width,
    height: data.height,
    pages,
    status: data.status,
    hasSource: data.hasSource,
    templateId: data.templateId,
    contractStatus: data.contractStatus,
    signList: [],
    dateList: [],
    fillsInList: [],
    imageTypeList: [],
    pdfUrl: data.pdfUrl,
    pdfAttachments: data.pdfAttachments,
    participants: sortParticipants(data.participants ?? participantsFromFields(pages)),
  };
  return toStoredProject(project);
}

function duplicateIds(pages: TemplatePage[]): ValidationIssue[] {
  const seen = new Set<string>();
  const problems: ValidationIssue[] = [];
  pages.forEach((page, p) => {
    if (seen.has(page.uuid)) problems.push(duplicate(['pages', p, 'uuid'], page.uuid));
    seen.add(page.uuid);
    page.elements.forEach((element, e) => {
      if (seen.has(element.uuid))
        problems.push(duplicate(['pages', p, 'elements', e, 'uuid'], element.uuid));
      seen.add(element.uuid);
    });
  });
  return problems;
}

function duplicate(path: (string | number)[], id: string): ValidationIssue {
  return issue(path, 'duplicate_id', {
    en: `The id ${id.slice(0, 64)} is used twice`,
    zh: `标识 ${id.slice(0, 64)} 重复使用`,
  });
}

/** Participants in party order, A first. */
export function sortParticipants(list: Participant[]): Participant[] {
  return [...list].sort((a, b) => PARTIES.indexOf(a.party) - PARTIES.indexOf(b.party));
}

/**
 * Templates stored before participants were recorded: every party with a seal or signature
 * signs, every party with a field to fill fills; a template without fields gets A and B.
 */
function participantsFromFields(pages: TemplatePage[]): Participant[] {
  const roles = new Map<Party, Participant>();
  for (const page of pages) {
    for (const element of page.elements) {
      const party = element.config.party;
      const entry = roles.get(party) ?? { party, sign: false, fill: false, name: '' };
      if (ELEMENT_MODELS[element.elName].role === 'sign') entry.sign = true;
      else entry.fill = true;
      roles.set(party, entry);
    }
  }
  return roles.size > 0 ? [...roles.values()] : defaultParticipants();
}
