/**
 * The demo world's templates and template categories, and the demo API's answers to the list and
 * category calls (template/page, remove, updateStatus, getPreviewTicket, templateclassify…,
 * templateclassifyrefarchive…, templateClassifyAuth…). Like the server, the console's
 * administrator manages everything; staff see what their grants allow. Changes replace the
 * console's `templates`, so each story starts from the data below.
 */
import {
  CODES,
  PATHS,
  PREVIEW_TICKET_TTL_S,
  categoryNameSchema,
  check,
  fail,
  message,
  ok,
  type CategoryGrant,
  type CategoryRight,
  type Locale,
  type MessageKey,
  type Page,
  type StaffMember,
  type TemplateCategory,
  type TemplateListItem,
  type TemplatePreviewTicket,
  type TemplateProblem,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { bodyOf, paramOf } from './demoRequest';

/** A problem in both languages: the demo API answers it in the request's. */
type DemoProblem = Omit<TemplateProblem, 'message'> & { message: Record<Locale, string> };

/** A template as the demo keeps it: its category by id, its problems in both languages. */
export type DemoTemplate = Omit<TemplateListItem, 'classifyName' | 'problems' | 'right'> & {
  problems: DemoProblem[];
  /** What staff may do with it; the administrator manages every template. */
  right: CategoryRight;
};

export interface DemoCategory {
  id: string;
  name: string;
  /** What staff may do with it (null: staff do not see it); the administrator manages all. */
  right: CategoryRight | null;
  createTime: string;
}

/** What the demo API answers about templates in one console. */
export interface DemoTemplates {
  templates: DemoTemplate[];
  categories: DemoCategory[];
  /** The grants on each category, by category id. */
  grants: Record<string, CategoryGrant[]>;
  /** The company's members who may be given rights. */
  staff: StaffMember[];
  /** Templates that contracts were started from: deleting them is refused. */
  inUse: string[];
  /** Filing templates in a category is refused (the member lost the right meanwhile). */
  refusesFiling?: boolean;
}

const template = (
  fields: Pick<DemoTemplate, 'id' | 'name' | 'classifyId' | 'creatorName' | 'createTime'> &
    Partial<DemoTemplate>,
): DemoTemplate => ({
  description: '',
  creatorId: '7',
  updateTime: fields.createTime,
  status: 1,
  problems: [],
  right: 'manage',
  ...fields,
});

const SUPPLY_PROBLEMS: DemoProblem[] = [
  {
    code: 'signer-without-field',
    party: 'B',
    message: {
      en: 'Party B signs but has no seal or signature field',
      zh: 'B 方需要签署，但没有印章或签名字段',
    },
    elementUuids: [],
  },
  {
    code: 'overlap',
    page: 2,
    message: {
      en: '"Delivery date" and "Quantity" overlap',
      zh: '“交付日期”与“数量”重叠',
    },
    elementUuids: ['e-delivery', 'e-quantity'],
  },
];

/** The company's templates: three categories (one empty), enabled and disabled templates. */
export const COMPANY_TEMPLATES: DemoTemplates = {
  categories: [
    { id: '11', name: 'Sales contracts', right: 'manage', createTime: '2025-01-06 02:10:00' },
    { id: '12', name: 'Leases', right: 'use', createTime: '2025-01-08 07:45:00' },
    { id: '13', name: 'Archive', right: null, createTime: '2025-02-20 09:30:00' },
  ],
  templates: [
    template({
      id: '201',
      name: 'Office lease 2025',
      description: 'Lease of the third floor, Building A',
      classifyId: '12',
      creatorName: 'Zhang Min',
      creatorId: '8',
      createTime: '2025-03-12 03:20:11',
      right: 'use',
    }),
    template({
      id: '202',
      name: 'Purchase agreement',
      classifyId: '11',
      creatorName: 'Li Wei',
      createTime: '2025-03-10 08:05:42',
    }),
    template({
      id: '203',
      name: 'Supply agreement',
      description: 'Framework agreement for regular deliveries',
      classifyId: '11',
      creatorName: 'Li Wei',
      createTime: '2025-03-08 01:55:09',
      status: 0,
      problems: SUPPLY_PROBLEMS,
    }),
    template({
      id: '204',
      name: 'Non-disclosure agreement',
      classifyId: null,
      creatorName: 'Wang Fang',
      creatorId: '9',
      createTime: '2025-02-27 06:40:30',
      status: 0,
      right: 'use',
    }),
  ],
  grants: {
    '11': [
      {
        userId: '8',
        name: 'Zhang Min',
        phone: '13800000008',
        right: 'manage',
        createTime: '2025-01-06 02:12:00',
      },
      {
        userId: '9',
        name: 'Wang Fang',
        phone: '13800000009',
        right: 'use',
        createTime: '2025-01-07 10:00:00',
      },
    ],
  },
  staff: [
    { id: '8', name: 'Zhang Min', phone: '13800000008', role: 'staff' },
    { id: '9', name: 'Wang Fang', phone: '13800000009', role: 'staff' },
    { id: '10', name: 'Chen Jie', phone: '13800000010', role: 'staff' },
    { id: '11', name: 'Zhao Lei', phone: '13800000011', role: 'staff' },
  ],
  inUse: ['201'],
};

/** The personal console's templates: one, in no category. */
export const PERSONAL_TEMPLATES: DemoTemplates = {
  categories: [],
  templates: [
    template({
      id: '101',
      name: 'Freelance service agreement',
      classifyId: null,
      creatorName: 'Li Wei',
      createTime: '2025-03-01 12:00:00',
    }),
  ],
  grants: {},
  staff: [],
  inUse: [],
};

/** A console without templates or categories (the empty list). */
export const NO_TEMPLATES: DemoTemplates = {
  categories: [],
  templates: [],
  grants: {},
  staff: [],
  inUse: [],
};

/** A successful answer carrying `data`. */
export const answer = (data: unknown): Answer => ({ status: 200, body: ok(data) });

const refusal = (text: MessageKey, locale: Locale, data: unknown = null): Answer => ({
  status: CODES.badRequest,
  body: fail(CODES.badRequest, message(text, locale), data),
});

const isAdmin = (current: DemoConsole) => current.user.roles.includes('admin');

/** The request's query parameter (demoRequest.ts), for the fixture modules that read it here. */
export { paramOf };

/** The page of `items` the request's current and size ask for. */
export function pageOf<T>(items: T[], request: DemoRequest): Page<T> {
  const current = Number(paramOf(request, 'current')) || 1;
  const size = Number(paramOf(request, 'size')) || 10;
  return {
    records: items.slice((current - 1) * size, current * size),
    total: items.length,
    current,
    size,
  };
}

function categoryRight(current: DemoConsole, category: DemoCategory): CategoryRight | null {
  return isAdmin(current) ? 'manage' : category.right;
}

function visibleCategories(current: DemoConsole): TemplateCategory[] {
  const { categories, templates } = current.templates;
  return categories.flatMap((category) => {
    const right = categoryRight(current, category);
    if (right === null) return [];
    const templateCount = templates.filter((item) => item.classifyId === category.id).length;
    return [
      {
        id: category.id,
        name: category.name,
        right,
        templateCount,
        createTime: category.createTime,
      },
    ];
  });
}

function listItem(current: DemoConsole, item: DemoTemplate, locale: Locale): TemplateListItem {
  const category = current.templates.categories.find(({ id }) => id === item.classifyId);
  return {
    ...item,
    classifyName: category?.name ?? null,
    right: isAdmin(current) ? 'manage' : item.right,
    problems: item.problems.map((problem) => ({ ...problem, message: problem.message[locale] })),
  };
}

/** The templates staff see: those without a category, and those of categories they see. */
function visibleTemplates(current: DemoConsole): DemoTemplate[] {
  const seen = new Set(visibleCategories(current).map(({ id }) => id));
  return current.templates.templates.filter(
    (item) => item.classifyId === null || seen.has(item.classifyId),
  );
}

function templatePage(current: DemoConsole, locale: Locale, request: DemoRequest): Answer {
  const name = paramOf(request, 'name').toLowerCase();
  const classifyId = paramOf(request, 'classifyId');
  const status = paramOf(request, 'status');
  const matching = visibleTemplates(current).filter(
    (item) =>
      (!name || item.name.toLowerCase().includes(name)) &&
      (!classifyId || item.classifyId === classifyId) &&
      (!status || String(item.status) === status),
  );
  return answer(
    pageOf(
      matching.map((item) => listItem(current, item, locale)),
      request,
    ),
  );
}

/** Replaces the console's templates with a changed copy. */
function change(current: DemoConsole, changes: Partial<DemoTemplates>): Answer {
  current.templates = { ...current.templates, ...changes };
  return answer(null);
}

function removeTemplates(current: DemoConsole, locale: Locale, request: DemoRequest): Answer {
  const ids = paramOf(request, 'ids').split(',').filter(Boolean);
  if (ids.length === 0) return refusal('selectAtLeastOne', locale);
  const used = ids.filter((id) => current.templates.inUse.includes(id));
  if (used.length > 0) return refusal('templateInUse', locale, { ids: used });
  const templates = current.templates.templates.filter(({ id }) => !ids.includes(id));
  return change(current, { templates });
}

function updateStatus(current: DemoConsole, locale: Locale, request: DemoRequest): Answer {
  const { id, status } = bodyOf<{ id: string; status: 0 | 1 }>(request);
  const item = current.templates.templates.find((candidate) => candidate.id === String(id));
  if (!item) return refusal('notFound', locale);
  if (status === 1 && item.problems.length > 0) {
    return refusal('templateHasProblems', locale, listItem(current, item, locale).problems);
  }
  const templates = current.templates.templates.map((candidate) =>
    candidate === item ? { ...candidate, status } : candidate,
  );
  change(current, { templates });
  return answer({ id: item.id, status, problems: [] });
}

function previewTicket(_current: DemoConsole, _locale: Locale, request: DemoRequest): Answer {
  const { id } = bodyOf<{ id: string }>(request);
  const ticket = 'demo-preview-ticket';
  const expiresAt = new Date(Date.now() + PREVIEW_TICKET_TTL_S * 1000).toISOString();
  return answer({
    ticket,
    templateId: String(id),
    expiresAt,
    previewPath: `/ztj/template/Preview?id=${ticket}&templateId=${id}`,
  } satisfies TemplatePreviewTicket);
}

/** A category name checked as the server checks it; its id when it is new. */
function saveCategory(current: DemoConsole, locale: Locale, request: DemoRequest): Answer {
  const { id, name } = bodyOf<{ id?: string; name: string }>(request);
  const checked = check(categoryNameSchema, name, locale);
  if (!checked.ok) return { status: 400, body: fail(400, checked.issues[0]!.message) };
  const taken = current.templates.categories.some(
    (category) => category.id !== id && category.name.toLowerCase() === checked.value.toLowerCase(),
  );
  if (taken) return refusal('nameNotUnique', locale);
  const categories = id
    ? current.templates.categories.map((category) =>
        category.id === id ? { ...category, name: checked.value } : category,
      )
    : [
        ...current.templates.categories,
        {
          id: String(100 + current.templates.categories.length),
          name: checked.value,
          right: null,
          createTime: '2025-03-15 08:00:00',
        },
      ];
  change(current, { categories });
  return answer({ id: id ?? categories.at(-1)!.id, name: checked.value });
}

function removeCategory(current: DemoConsole, locale: Locale, request: DemoRequest): Answer {
  const { id } = bodyOf<{ id: string }>(request);
  if (current.templates.templates.some((item) => item.classifyId === String(id))) {
    return refusal('categoryNotEmpty', locale);
  }
  return change(current, {
    categories: current.templates.categories.filter((category) => category.id !== String(id)),
  });
}

function fileTemplates(current: DemoConsole, locale: Locale, request: DemoRequest): Answer {
  if (current.templates.refusesFiling) return refusal('noPermission', locale);
  const { classifyId, templateIds } = bodyOf<{ classifyId: string | null; templateIds: string[] }>(
    request,
  );
  const moved = new Set(templateIds.map(String));
  const templates = current.templates.templates.map((item) =>
    moved.has(item.id) ? { ...item, classifyId: classifyId ? String(classifyId) : null } : item,
  );
  return change(current, { templates });
}

function grantableMembers(current: DemoConsole, _locale: Locale, request: DemoRequest): Answer {
  const granted = new Set(
    (current.templates.grants[paramOf(request, 'classifyId')] ?? []).map(({ userId }) => userId),
  );
  const keyword = paramOf(request, 'keyword').toLowerCase();
  return answer(
    current.templates.staff.filter(
      (member) =>
        !granted.has(member.id) &&
        (!keyword || member.name.toLowerCase().includes(keyword) || member.phone.includes(keyword)),
    ),
  );
}

function setGrants(current: DemoConsole, _locale: Locale, request: DemoRequest): Answer {
  const { grants } = bodyOf<{
    grants: { classifyId: string; userId: string; right: CategoryRight | 'none' }[];
  }>(request);
  const next = { ...current.templates.grants };
  for (const { classifyId, userId, right } of grants) {
    const kept = (next[classifyId] ?? []).filter((grant) => grant.userId !== userId);
    const member = current.templates.staff.find(({ id }) => id === userId);
    const existing = next[classifyId]?.find((grant) => grant.userId === userId);
    next[classifyId] =
      right === 'none' || !member
        ? kept
        : [
            ...kept,
            {
              userId,
              name: member.name,
              phone: member.phone,
              right,
              createTime: existing?.createTime ?? '2025-03-15 08:00:00',
            },
          ].sort((a, b) => a.createTime.localeCompare(b.createTime));
  }
  return change(current, { grants: next });
}

/** A call answered in the console of the request's token. */
export type ConsoleCall = (current: DemoConsole, locale: Locale, request: DemoRequest) => Answer;

/** The demo API's answers to the template list and category calls, by path. */
export const TEMPLATE_LIST_CALLS: Record<string, ConsoleCall> = {
  [PATHS.templatePage]: templatePage,
  [PATHS.templateRemove]: removeTemplates,
  [PATHS.templateUpdateStatus]: updateStatus,
  [PATHS.templatePreviewTicket]: previewTicket,
  [PATHS.categoryUserPage]: (current, _locale, request) =>
    answer(pageOf(visibleCategories(current), request)),
  [PATHS.categorySave]: saveCategory,
  [PATHS.categoryRename]: saveCategory,
  [PATHS.categoryRemove]: removeCategory,
  [PATHS.categoryFile]: fileTemplates,
  [PATHS.categoryUnfile]: fileTemplates,
  [PATHS.categoryGrants]: (current, _locale, request) =>
    answer(pageOf(current.templates.grants[paramOf(request, 'classifyId')] ?? [], request)),
  [PATHS.categoryGrantableMembers]: grantableMembers,
  [PATHS.categoryGrant]: setGrants,
};
