import { nanoid } from 'nanoid';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  DEFAULT_ELEMENT_HEIGHT,
  DEFAULT_ELEMENT_TOP,
  DEFAULT_FONT_SIZE,
  DEFAULT_LINE_HEIGHT,
  DEFAULT_TEXT_ALIGN,
  type ElementKind,
} from './constants';
import { ProjectValidationError } from './errors';
import { placeOnPage } from './geometry';
import type {
  ElementInit,
  ElementPatch,
  PageConfig,
  Participant,
  TemplateElement,
  TemplatePage,
  TemplateProject,
} from './model';
import { ELEMENT_MODELS } from './registry';
import { elementSchema, toValidationIssues, validate } from './schema';

/** A new id for a page, an element or a seal group. */
export function newId(): string {
  return nanoid();
}

/**
 * Merges a patch into an element: the nested style and settings objects are merged key by key,
 * everything else is replaced. `uuid`, `elName` and the seal group never change this way.
 */
export function mergeElement(element: TemplateElement, patch: ElementPatch): TemplateElement {
  return {
    ...element,
    ...pick(patch, ['title', 'value', 'valueType', 'propsValue', 'animations', 'events']),
    uuid: element.uuid,
    elName: element.elName,
    config: withOwnPlace(
      { ...element.config, ...patch.config, sealGroup: element.config.sealGroup },
      element.config.ownPlace,
    ),
    previewConfig: { ...element.previewConfig, ...patch.previewConfig },
    commonStyle: { ...element.commonStyle, ...patch.commonStyle, position: 'absolute' },
  };
}

/** `config` with `ownPlace` as given, the key left out when it is not set. */
function withOwnPlace(
  config: TemplateElement['config'],
  ownPlace: boolean | undefined,
): TemplateElement['config'] {
  const { ownPlace: _dropped, ...rest } = config;
  return ownPlace === undefined ? rest : { ...rest, ownPlace };
}

/**
 * Checks an element against the stored format and returns its normalised form, or throws
 * `ProjectValidationError` naming the bad fields (prefixed with `path`).
 */
export function checkElement(element: unknown, path: (string | number)[] = []): TemplateElement {
  const result = validate(elementSchema, element);
  if (!result.success) throw new ProjectValidationError(toValidationIssues(result.error, path));
  return result.data;
}

/**
 * A new element of `kind` for a page of the given size: a third of the page wide, 30 high, 200
 * from the top and centred across, 16-point text centred with line height 1.4 (spec 001 §9), then
 * the kind's own defaults (an identity card takes its real size, a seal 42 mm), then `init`.
 */
export function createElement(
  kind: ElementKind,
  page: PageConfig,
  init: ElementInit = {},
): TemplateElement {
  const model = ELEMENT_MODELS[kind];
  const width = Math.round((page.width / 3) * 100) / 100;
  const base = checkElement({
    uuid: newId(),
    elName: kind,
    commonStyle: {
      left: Math.round(((page.width - width) / 2) * 100) / 100,
      top: DEFAULT_ELEMENT_TOP,
      width,
      height: DEFAULT_ELEMENT_HEIGHT,
      fontSize: DEFAULT_FONT_SIZE,
      lineHeight: DEFAULT_LINE_HEIGHT,
      textAlign: DEFAULT_TEXT_ALIGN,
    },
  });
  const kindDefaults = model.defaults(page);
  const withDefaults = mergeElement(base, kindDefaults);
  // Re-centre when the kind changed the width.
  if (kindDefaults.commonStyle?.width !== undefined && init.commonStyle?.left === undefined) {
    withDefaults.commonStyle.left =
      Math.round(((page.width - withDefaults.commonStyle.width) / 2) * 100) / 100;
  }
  const merged = mergeElement(withDefaults, init);
  model.normalise?.(merged, {
    ...kindDefaults,
    ...init,
    config: { ...kindDefaults.config, ...init.config },
  });
  const element = checkElement(merged);
  Object.assign(element.commonStyle, placeOnPage(element.commonStyle, page));
  return element;
}

/** A new blank page of the given size (A4 portrait by default). */
export function createPage(
  config: PageConfig = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT },
  name = '',
): TemplatePage {
  return {
    uuid: newId(),
    name,
    elements: [],
    commonStyle: { backgroundColor: '', backgroundImage: '', backgroundSize: '100% 100%' },
    config: { width: config.width, height: config.height },
  };
}

/** The participants of a new template: parties A and B, each signing and filling. */
export function defaultParticipants(): Participant[] {
  return [
    { party: 'A', sign: true, fill: true, name: '' },
    { party: 'B', sign: true, fill: true, name: '' },
  ];
}

/** A new template of one blank A4 page. */
export function createProject(
  init: Partial<Pick<TemplateProject, 'name' | 'title' | 'author' | 'width' | 'height'>> = {},
): TemplateProject {
  const width = init.width ?? CANVAS_WIDTH;
  const height = init.height ?? CANVAS_HEIGHT;
  return {
    name: init.name ?? '',
    title: init.title ?? '',
    description: '',
    coverImage: '',
    author: init.author ?? '',
    script: '',
    width,
    height,
    pages: [createPage({ width, height })],
    status: 1,
    hasSource: false,
    templateId: '',
    contractStatus: '',
    signList: [],
    dateList: [],
    fillsInList: [],
    imageTypeList: [],
    pdfUrl: '',
    pdfAttachments: [],
    participants: defaultParticipants(),
  };
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (source[key] !== undefined) out[key] = source[key];
  }
  return out;
}
