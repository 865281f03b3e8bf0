import type { ElementKind, TemplateProject } from '../src/core/index';

/** Field kinds placed on the large template, in turn. */
export declare const FIELD_KINDS: readonly ElementKind[];

/** A template of A4 pages full of text, date, image and signature fields (up to 200 a page). */
export declare function buildTemplate(options?: {
  pages?: number;
  elementsPerPage?: number;
}): TemplateProject;

/** A template whose every page holds exactly one seal of each seal group, and nothing else. */
export declare function buildSealTemplate(options?: {
  pages?: number;
  groups?: number;
}): TemplateProject;

/** The uuids of the template's elements, page by page in paint order. */
export declare function elementIds(template: Pick<TemplateProject, 'pages'>): string[];
