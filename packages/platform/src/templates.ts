/**
 * The shapes of the template, template-category and staff-list calls (spec 001 §2–§7), shared by
 * the server and the web app: the zod schemas the server checks requests with, and the answers'
 * types. Each failing check carries a message key of `MESSAGES`. apps/server/src/templates/
 * CONTEXT.md says what each call does and who may make it.
 *
 * Ids are answered as strings (they are bigints) and taken as numbers or strings of digits.
 * A template's project is `@esign/template-editor/core`'s `TemplateProject`: this package does not
 * depend on the editor, so the types that carry one take it as a type parameter
 * (`TemplateDetail<TemplateProject>`).
 */
import * as z from 'zod/mini';
import type { Page } from './api';
import type { MessageKey } from './messages';
import { pageBody, pageQuery, positiveInt, recordIdSchema, recordIdsSchema } from './paging';
import type { CategoryRight } from './categories';

// The shapes every kind of category shares, exported with the templates' (which were first).
export * from './categories';

const err = (key: MessageKey) => ({ error: key });
const trimmed = () => z.string().check(z.trim());

/** Template names: not empty, at most 50 characters, unique per company (per person). */
export const TEMPLATE_NAME_MAX = 50;
export const TEMPLATE_DESCRIPTION_MAX = 500;
/** A participant's label such as "Lessor". */
export const PARTICIPANT_NAME_MAX = 30;
/**
 * Most fields one template holds over all its pages. The editor's core refuses more than 2,000 on
 * one page; the server refuses more than this in the whole template.
 */
export const TEMPLATE_MAX_ELEMENTS = 2_000;
/** Largest body of template/edit (the project); other calls take at most 1 MB. */
export const TEMPLATE_EDIT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;
/** A preview ticket opens one preview, within 10 minutes of being issued. */
export const PREVIEW_TICKET_TTL_S = 600;
/** The link to a template's PDF that detail and preview answer works for 5 minutes. */
export const TEMPLATE_PDF_LINK_TTL_S = 300;

/** The parties of a contract, A to J (the same letters as the editor's `PARTIES`). */
export const TEMPLATE_PARTIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export type TemplateParty = (typeof TEMPLATE_PARTIES)[number];

/** 0: disabled (a draft, or taken out of use); 1: enabled, contracts may start from it. */
export type TemplateStatus = 0 | 1;

// ---- Requests ----

export const templateNameSchema = trimmed().check(
  z.minLength(1, err('templateNameRequired')),
  z.maxLength(TEMPLATE_NAME_MAX, err('templateNameTooLong')),
);

const descriptionSchema = z._default(
  trimmed().check(z.maxLength(TEMPLATE_DESCRIPTION_MAX, err('templateDescriptionTooLong'))),
  '',
);

/** One party of the contract and what it does: sign, fill fields, or both. */
export const participantSchema = z.object({
  party: z.enum(TEMPLATE_PARTIES, err('invalidValue')),
  name: z._default(
    trimmed().check(z.maxLength(PARTICIPANT_NAME_MAX, err('participantNameTooLong'))),
    '',
  ),
  sign: z.boolean(),
  fill: z.boolean(),
});

/**
 * The participants form (spec 001 §5): each party once, each ticking sign or fill, at least one
 * signatory.
 */
export const participantsSchema = z.array(participantSchema).check(
  z.minLength(1, err('atLeastOneSignatory')),
  z.maxLength(TEMPLATE_PARTIES.length, err('participantDuplicate')),
  z.superRefine((list, ctx) => {
    eachPartyOnce(list, ctx);
    list.forEach((participant, index) => {
      if (!participant.sign && !participant.fill) {
        ctx.addIssue({ code: 'custom', path: [index], message: 'participantRoleRequired' });
      }
    });
    if (!list.some((participant) => participant.sign)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'atLeastOneSignatory' });
    }
  }),
);

/**
 * Flags, at its `party` field, every entry of a parties list that repeats an earlier letter
 * ('participantDuplicate'): templates and contracts name each party A–J once.
 */
export function eachPartyOnce(
  list: readonly { party: string }[],
  ctx: { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void },
): void {
  const seen = new Set<string>();
  list.forEach(({ party }, index) => {
    if (seen.has(party)) {
      ctx.addIssue({ code: 'custom', path: [index, 'party'], message: 'participantDuplicate' });
    }
    seen.add(party);
  });
}

/** A category's id, or null/absent for none. */
const optionalCategory = z.optional(z.nullable(recordIdSchema));

/** POST template/saveInfo: a new template on a ready contract document. */
export const templateSaveInfoBody = z.object({
  name: templateNameSchema,
  classifyId: optionalCategory,
  description: descriptionSchema,
  /** A ready document of the console (`documents.id`). */
  documentId: z.uuid(err('invalidValue')),
  participants: participantsSchema,
});

/** POST template/editInfo: the same basics, replacing the template's. */
export const templateEditInfoBody = z.extend(templateSaveInfoBody, { id: recordIdSchema });

/** GET template/page */
export const templatePageQuery = z.object({
  ...pageQuery,
  /** Part of the name, any case. */
  name: z.optional(z.string().check(z.trim(), z.maxLength(TEMPLATE_NAME_MAX))),
  classifyId: z.optional(positiveInt()),
  status: z.optional(z.enum(['0', '1'], err('invalidValue'))),
});

/** GET template/detail, getFieldDetail, getComponents: one template. */
export const templateIdQuery = z.object({ id: positiveInt() });

/** POST template/getPreviewTicket and referencedWorkflow: one template. */
export const templateIdBody = z.object({ id: recordIdSchema });

/**
 * POST template/remove?ids=1,2,3 (the ids in the query, spec 001 §7). None selected answers
 * 'At least one record must be selected to delete'.
 */
export const templateRemoveQuery = z.object({
  ids: z.pipe(
    z._default(z.string().check(z.maxLength(2_000, err('invalidValue'))), ''),
    z.pipe(
      z.transform((text: string) => text.split(',').filter((part) => part.trim() !== '')),
      z
        .array(z.string().check(z.trim(), z.regex(/^[1-9]\d{0,15}$/, err('invalidValue'))))
        .check(z.minLength(1, err('selectAtLeastOne')), z.maxLength(100, err('invalidValue'))),
    ),
  ),
});

/** POST template/updateStatus: enable (1) or disable (0). */
export const templateUpdateStatusBody = z.object({
  id: recordIdSchema,
  status: z.union([z.literal(0), z.literal(1)], err('invalidValue')),
});

/**
 * POST template/edit: the editor's project (`TemplateProject`, as `onChange`/`onSave` give it).
 * The server checks it with the editor's own `parseProject`.
 */
export const templateEditBody = z.object({ id: recordIdSchema, project: z.unknown() });

/** One field's details as template/editFields changes them; only the keys given change. */
export const fieldDetailPatchSchema = z.object({
  elementUuid: z.string().check(z.minLength(1), z.maxLength(64)),
  title: z.optional(z.string()),
  tip: z.optional(z.string()),
  required: z.optional(z.boolean()),
  elementCode: z.optional(z.string()),
  isNumber: z.optional(z.boolean()),
  /** Largest number of characters; 0: no limit. */
  limitNum: z.optional(z.number()),
  /** Date fields: one of the editor's `DATE_FORMATS`. */
  dateFormat: z.optional(z.string()),
  /** The value a field starts with. */
  value: z.optional(z.string()),
});

/** POST template/editFields */
export const templateEditFieldsBody = z.object({
  id: recordIdSchema,
  fields: z.array(fieldDetailPatchSchema).check(z.minLength(1), z.maxLength(500)),
});

/** POST template/editComponents: the template's participants. */
export const templateEditComponentsBody = z.object({
  id: recordIdSchema,
  participants: participantsSchema,
});

/** GET template/nologin/preview?ticket= (no session). */
export const templatePreviewQuery = z.object({
  ticket: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** GET template/nologin/pdf: the signed, short-lived link that detail and preview answer. */
export const templatePdfQuery = z.object({
  tenant: z.string().check(z.minLength(1), z.maxLength(64)),
  document: z.uuid(err('previewTicketInvalid')),
  expires: positiveInt(),
  signature: z.string().check(z.regex(/^[0-9a-f]{64}$/, err('previewTicketInvalid'))),
});

// templateclassify/save, rename and remove, and templateClassifyAuth/page and addOrUpdateAuth,
// take the shapes every category shares (./categories).
/** GET templateclassify/userPage: the categories the member sees. */
export const categoryPageQuery = z.object({
  ...pageQuery,
  name: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});

/** GET templateclassifyrefarchive/page: the templates filed in a category. */
export const categoryTemplatesQuery = z.object({ ...pageQuery, classifyId: positiveInt() });
/** POST templateclassifyrefarchive/save: files templates in a category (moving them). */
export const categoryFileBody = z.object({
  classifyId: recordIdSchema,
  templateIds: recordIdsSchema(),
});
/** POST templateclassifyrefarchive/remove: takes templates out of their category. */
export const categoryUnfileBody = z.object({ templateIds: recordIdsSchema() });

/** GET templateClassifyAuth/getBeAuthList: members who have no grant on the category yet. */
export const grantableMembersQuery = z.object({
  classifyId: positiveInt(),
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});
/** GET templateClassifyAuth/getAuthDetailList: one member's right on every category. */
export const memberRightsQuery = z.object({ userId: positiveInt() });

/** POST blade-system/staff/query-staff-list: the company's members, a page at a time. */
export const staffListBody = z.object({
  ...pageBody,
  /** Part of a name or phone number. */
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});

// ---- Answers ----

export type TemplateParticipant = z.output<typeof participantSchema>;

/** A problem `validateTemplate` finds, in the request's language. */
export interface TemplateProblem {
  /** The editor's `TemplateCheckCode`, e.g. `no-signatory`, `overlap`. */
  code: string;
  message: string;
  party?: TemplateParty;
  /** 1-based page number. */
  page?: number;
  /** The fields concerned. */
  elementUuids: string[];
}

/** A bad field of a refused project (the 400 envelope's data of edit and editFields). */
export interface ProjectIssue {
  /** e.g. `pages[0].elements[3].commonStyle.width`; empty for the project itself. */
  path: string;
  code: string;
  message: string;
}

/** A row of GET template/page. */
export interface TemplateListItem {
  id: string;
  name: string;
  description: string;
  classifyId: string | null;
  classifyName: string | null;
  creatorId: string;
  creatorName: string;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  createTime: string;
  updateTime: string;
  status: TemplateStatus;
  /** Empty when the template may be enabled. */
  problems: TemplateProblem[];
  /** What the signed-in member may do with it. */
  right: CategoryRight;
}

export type TemplateListPage = Page<TemplateListItem>;

/** A page's displayed size in points. */
export interface PageSize {
  width: number;
  height: number;
}

/** GET template/detail: everything the editor needs. */
export interface TemplateDetail<Project = unknown> extends TemplateListItem {
  documentId: string;
  documentName: string;
  /** The document's pages, in order: the project may have no more, each of the same size. */
  pageSizes: PageSize[];
  participants: TemplateParticipant[];
  /** `TemplateProject`; its name, description, status and templateId mirror the template's. */
  project: Project;
  /** The document's PDF, without a session, until `pdfLinkExpiresAt` (ISO 8601). */
  pdfLink: string;
  pdfLinkExpiresAt: string;
}

/** POST template/saveInfo */
export interface TemplateCreated {
  id: string;
}

/** POST template/edit, editInfo, editFields, editComponents: the template after the change. */
export interface TemplateSaved {
  id: string;
  /** 0 when the change left problems in a template that was enabled: it is disabled again. */
  status: TemplateStatus;
  problems: TemplateProblem[];
}

/** The lists a template derives, as core's `toStoredProject` computes them. */
export interface DerivedLists {
  signList: unknown[];
  dateList: unknown[];
  fillsInList: unknown[];
  imageTypeList: unknown[];
}

/**
 * GET template/getFieldDetail: the fields a contract initiator and the signing service see,
 * computed by the server from the stored project. Pass core's `TemplateProject` and
 * `StampLocation` for the entries' types.
 */
export interface TemplateFieldDetail<Lists extends DerivedLists = DerivedLists, Stamp = unknown> {
  id: string;
  participants: TemplateParticipant[];
  signList: Lists['signList'];
  dateList: Lists['dateList'];
  fillsInList: Lists['fillsInList'];
  imageTypeList: Lists['imageTypeList'];
  stampLocations: Stamp[];
}

/** GET template/getComponents */
export interface TemplateComponents {
  id: string;
  participants: TemplateParticipant[];
}

/** POST template/getPreviewTicket */
export interface TemplatePreviewTicket {
  ticket: string;
  templateId: string;
  /** ISO 8601; the ticket opens one preview until then. */
  expiresAt: string;
  /** The public page that opens it: /ztj/template/Preview?id=<ticket>&templateId=<id> */
  previewPath: string;
}

/** GET template/nologin/preview?ticket= */
export interface TemplatePreview<Project = unknown> {
  templateId: string;
  name: string;
  participants: TemplateParticipant[];
  project: Project;
  pdfLink: string;
  pdfLinkExpiresAt: string;
}

/** POST template/referencedWorkflow: the approval workflows that use a template. */
export interface WorkflowReference {
  id: string;
  name: string;
}

/** A row of GET templateclassify/userPage. */
export interface TemplateCategory {
  id: string;
  name: string;
  /** The signed-in member's right on it. */
  right: CategoryRight;
  /** How many templates it holds (all of them, seen or not). */
  templateCount: number;
  createTime: string;
}

/** A row of GET templateClassifyAuth/getAuthDetailList */
export interface MemberCategoryRight {
  classifyId: string;
  classifyName: string;
  /** null: no grant (the member does not see the category's templates). */
  right: CategoryRight | null;
}

/** A row of POST blade-system/staff/query-staff-list and of getBeAuthList. */
export interface StaffMember {
  id: string;
  name: string;
  phone: string;
  /** 'admin' for the company's administrator, otherwise the member's role ('staff'). */
  role: string;
}
