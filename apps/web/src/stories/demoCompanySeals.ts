/**
 * The demo API's answers to the enterprise console's seal calls, by path, with the server's rules
 * and messages: a seal made by the administrator is normal at once, one made by anyone else waits
 * for the administrator's approval; only the administrator approves or rejects (with a reason); a
 * seal that signed contracts is kept as disused when deleted; authorisations go to active staff,
 * for all contracts or one template, and stand where `sealAuthorizationState` puts them on the
 * demo's fixed day (`DEMO_SEAL_DAY`). Each console of a demo world keeps its own seals (made from
 * the data below, or what `demoCompanySealsFrom` set, when first asked), so every story starts
 * from the same company.
 */
import {
  COMPANY_SEAL_TYPE_NAMES,
  PATHS,
  SEAL_IMAGE_MAX_BYTES,
  SEAL_INKS,
  check,
  companySealCreateBody,
  companySealPreviewBody,
  companySealStatusBody,
  companySealUpdateBody,
  detectImageType,
  fail,
  message,
  sealAuthorizationState,
  sealAuthorizeBody,
  sealReauthorizeBody,
  type CompanySeal,
  type CompanySealDetail,
  type CompanySealPreviewBody,
  type Locale,
  type MessageKey,
  type SealAuthorization,
  type SealColour,
  type StaffListItem,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { DEMO_STAFF } from './demoStaff';
import { answer, pageOf, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** The demo's "today" for authorisations, in China's calendar: the states below follow from it. */
export const DEMO_SEAL_DAY = '2025-03-14';

/** A seal as the demo keeps it: its picture as bytes, its authorisations with it. */
export interface DemoCompanySeal extends Omit<CompanySeal, 'can' | 'imageUrl'> {
  image: Blob;
  authorizations: Omit<SealAuthorization, 'state' | 'sealId' | 'sealName'>[];
}

interface DemoCompanySeals {
  seals: DemoCompanySeal[];
  nextId: number;
}

/** What a story's console starts from. */
export interface DemoCompanySealsStart {
  seals?: readonly DemoCompanySeal[];
}

const FONT = "'Noto Serif SC', 'Songti SC', 'SimSun', serif";

/**
 * A template seal drawn in the browser as SVG, as the server draws its PNG: a round seal with a
 * star and the company's name along the ring, an oval one for finance and invoice seals, the legal
 * representative's square name seal.
 */
export function demoSealSvg(
  drawing: Required<Pick<CompanySealPreviewBody, 'type'>> & CompanySealPreviewBody,
  companyName: string,
  legalName: string,
): string {
  const ink = SEAL_INKS[(drawing.colour ?? 'red') satisfies SealColour];
  const worn = drawing.aged
    ? '<filter id="aged"><feTurbulence baseFrequency="0.9" numOctaves="2" seed="4"/><feColorMatrix values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -2.2 1.6"/><feComposite in="SourceGraphic" operator="in"/></filter>'
    : '';
  const filter = drawing.aged ? ' filter="url(#aged)"' : '';
  if (drawing.type === 'legal') {
    // A Latin name goes word by word; a Chinese one two characters a line, as on a name seal.
    const lines = legalName.includes(' ')
      ? legalName.split(/\s+/)
      : (legalName.match(/.{1,2}/gu) ?? [legalName]);
    const size = Math.min(64, Math.floor(150 / lines.length), Math.floor(300 / legalName.length));
    const text = lines
      .map(
        (line, index) =>
          `<text x="100" y="${100 + (index - (lines.length - 1) / 2) * size * 1.1 + size * 0.35}" font-size="${size}" text-anchor="middle" font-family="${FONT}" fill="${ink}">${escapeXml(line)}</text>`,
      )
      .join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><defs>${worn}</defs><g${filter}><rect x="8" y="8" width="184" height="184" fill="none" stroke="${ink}" stroke-width="10"/>${text}</g></svg>`;
  }
  const oval = drawing.type === 'finance' || drawing.type === 'invoice';
  const [rx, ry] = oval ? [96, 70] : [92, 92];
  const horizontal = drawing.horizontalText || COMPANY_SEAL_TYPE_NAMES[drawing.type].zh;
  const ring = `M ${100 - rx + 22} 100 A ${rx - 22} ${ry - 22} 0 1 1 ${100 + rx - 22} 100`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><defs>${worn}<path id="ring" d="${ring}"/></defs>` +
    `<g${filter}><ellipse cx="100" cy="100" rx="${rx}" ry="${ry}" fill="none" stroke="${ink}" stroke-width="6"/>` +
    `<text font-size="${oval ? 15 : 18}" font-family="${FONT}" fill="${ink}"><textPath href="#ring" startOffset="50%" text-anchor="middle">${escapeXml(companyName)}</textPath></text>` +
    (oval
      ? ''
      : `<polygon fill="${ink}" points="100,72 107,92 128,92 111,104 118,124 100,112 82,124 89,104 72,92 93,92"/>`) +
    `<text x="100" y="${oval ? 108 : 148}" font-size="16" text-anchor="middle" font-family="${FONT}" fill="${ink}">${escapeXml(horizontal)}</text>` +
    (drawing.belowText
      ? `<text x="100" y="${oval ? 136 : 170}" font-size="11" text-anchor="middle" font-family="monospace" fill="${ink}">${escapeXml(drawing.belowText)}</text>`
      : '') +
    `</g></svg>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const svgBlob = (svg: string) => new Blob([svg], { type: 'image/svg+xml' });

const DEMO_COMPANY_NAME = 'Qingshan Trading Co., Ltd.';
const DEMO_LEGAL_NAME = 'Chen Jianguo';

const seal = (
  fields: Pick<DemoCompanySeal, 'id' | 'name' | 'type' | 'status' | 'createdAt'> &
    Partial<DemoCompanySeal>,
): DemoCompanySeal => {
  const drawing = {
    type: fields.type,
    colour: fields.colour ?? 'red',
    horizontalText: fields.horizontalText ?? '',
    belowText: fields.belowText ?? '',
    aged: fields.aged ?? false,
  } as const;
  return {
    makeWay: 'template',
    ...drawing,
    rejectReason: '',
    width: 200,
    height: 200,
    usedCount: 0,
    createdBy: { id: '7', name: 'Li Wei' },
    image: svgBlob(demoSealSvg(drawing, DEMO_COMPANY_NAME, DEMO_LEGAL_NAME)),
    authorizations: [],
    ...fields,
  };
};

const LI_WEI = { id: '7', name: 'Li Wei' };
const grantee = (id: string) => {
  const member = DEMO_STAFF.find((staff) => staff.id === id)!;
  return { id: member.id, name: member.name, phone: member.phone };
};

/**
 * The demo company's seals: one in every status, and a contract seal whose authorisations stand in
 * every state on `DEMO_SEAL_DAY`.
 */
export const DEMO_COMPANY_SEALS: readonly DemoCompanySeal[] = [
  seal({
    id: '301',
    name: 'Official seal',
    type: 'corporate',
    status: 'normal',
    belowText: '91310000MA1K000001',
    usedCount: 12,
    createdAt: '2024-09-05 02:00:00',
  }),
  seal({
    id: '302',
    name: 'Sales contract seal',
    type: 'contract',
    status: 'normal',
    usedCount: 5,
    createdAt: '2024-09-05 02:10:00',
    authorizations: [
      {
        id: '401',
        right: 'use',
        staffRange: 'all',
        grantee: null,
        contractRange: 'all',
        template: null,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        grantedBy: LI_WEI,
        grantedAt: '2024-12-30 08:00:00',
      },
      {
        id: '402',
        right: 'use',
        staffRange: 'specified',
        grantee: grantee('21'),
        contractRange: 'template',
        template: { id: '201', name: 'Office lease 2025' },
        startDate: '2025-03-01',
        endDate: '2025-03-18',
        grantedBy: LI_WEI,
        grantedAt: '2025-02-28 08:00:00',
      },
      {
        id: '403',
        right: 'manage',
        staffRange: 'specified',
        grantee: grantee('22'),
        contractRange: 'all',
        template: null,
        startDate: '2024-01-01',
        endDate: '2024-12-31',
        grantedBy: LI_WEI,
        grantedAt: '2023-12-28 08:00:00',
      },
      {
        id: '404',
        right: 'use',
        staffRange: 'specified',
        grantee: grantee('24'),
        contractRange: 'template',
        template: { id: '202', name: 'Purchase agreement' },
        startDate: '2025-04-01',
        endDate: '2025-06-30',
        grantedBy: LI_WEI,
        grantedAt: '2025-03-10 08:00:00',
      },
    ],
  }),
  seal({
    id: '303',
    name: 'Treasury seal',
    type: 'finance',
    status: 'pending',
    belowText: '91310000MA1K000001',
    createdBy: { id: '22', name: 'Wang Fang' },
    createdAt: '2025-03-12 06:30:00',
  }),
  seal({
    id: '304',
    name: 'Invoice seal 2023',
    type: 'invoice',
    status: 'disuse',
    usedCount: 40,
    colour: 'blue',
    createdAt: '2023-02-01 03:00:00',
  }),
  seal({
    id: '305',
    name: 'Project seal',
    type: 'other',
    status: 'rejected',
    horizontalText: 'Project department',
    rejectReason: 'A project department may not have its own seal',
    createdBy: { id: '22', name: 'Wang Fang' },
    createdAt: '2025-03-11 09:45:00',
  }),
  seal({
    id: '306',
    name: 'Seal of Chen Jianguo',
    type: 'legal',
    status: 'normal',
    usedCount: 3,
    createdAt: '2024-09-05 02:20:00',
  }),
];

let pending: DemoCompanySealsStart | null = null;
const consoles = new WeakMap<DemoConsole, DemoCompanySeals>();

/**
 * What the next story's console starts from (call it in the story's `beforeEach`): taken once, by
 * the first call, so that later stories start from the defaults again.
 */
export function demoCompanySealsFrom(start: DemoCompanySealsStart): void {
  pending = start;
}

function stateOf(current: DemoConsole): DemoCompanySeals {
  let state = consoles.get(current);
  if (!state) {
    const start = pending ?? {};
    pending = null;
    state = {
      seals: (start.seals ?? DEMO_COMPANY_SEALS).map((item) => ({
        ...item,
        authorizations: item.authorizations.map((authorization) => ({ ...authorization })),
      })),
      nextId: 500,
    };
    consoles.set(current, state);
  }
  return state;
}

const refusal = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

const invalid = (issues: { message: string }[]): Answer => ({
  status: 400,
  body: fail(400, issues[0]?.message ?? ''),
});

const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

const isAdmin = (current: DemoConsole) => current.user.roles.includes('admin');
const may = (current: DemoConsole, permission: string) =>
  (current.user.permissions as readonly string[]).includes(permission);

const imageLink = (item: DemoCompanySeal) => `/api${PATHS.sealImage}?id=${item.id}`;

/** A seal as the session sees it, with the buttons its permissions allow. */
function sealOf(current: DemoConsole, item: DemoCompanySeal): CompanySeal {
  const { image: _image, authorizations: _authorizations, ...fields } = item;
  return {
    ...fields,
    imageUrl: imageLink(item),
    can: {
      edit: may(current, 'seal:edit'),
      authorize: item.status === 'normal' && may(current, 'seal:authorize'),
      remove: may(current, 'seal:delete'),
      approve: isAdmin(current) && item.status === 'pending',
    },
  };
}

function detailOf(current: DemoConsole, item: DemoCompanySeal): CompanySealDetail {
  return {
    ...sealOf(current, item),
    authorizations: item.authorizations.map((authorization) => ({
      ...authorization,
      sealId: item.id,
      sealName: item.name,
      state: sealAuthorizationState(authorization, DEMO_SEAL_DAY),
    })),
  };
}

function find(current: DemoConsole, id: unknown) {
  return stateOf(current).seals.find((item) => item.id === String(id));
}

function decodeImage(base64: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const needs =
  (permission: string, call: ConsoleCall): ConsoleCall =>
  (current, locale, request) =>
    may(current, permission)
      ? call(current, locale, request)
      : refusal(403, 'noPermission', locale);

/** The demo API's answers to the enterprise console's seal calls, by path. */
export const COMPANY_SEAL_CALLS: Record<string, ConsoleCall> = {
  [PATHS.companySealPage]: needs('seal:view', (current, _locale, request) => {
    const name = paramOf(request, 'name').toLowerCase();
    const status = paramOf(request, 'status');
    const type = paramOf(request, 'type');
    const matching = stateOf(current)
      .seals.filter(
        (item) =>
          (!name || item.name.toLowerCase().includes(name)) &&
          (!status || item.status === status) &&
          (!type || item.type === type),
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return answer(
      pageOf(
        matching.map((item) => sealOf(current, item)),
        request,
      ),
    );
  }),
  [PATHS.companySealDetail]: needs('seal:view', (current, locale, request) => {
    const item = find(current, paramOf(request, 'id'));
    return item ? answer(detailOf(current, item)) : refusal(404, 'sealNotFound', locale);
  }),
  [PATHS.sealImage]: (current, locale, request) => {
    const item = find(current, paramOf(request, 'id'));
    return item ? { status: 200, body: item.image } : refusal(404, 'sealNotFound', locale);
  },
  [PATHS.companySealPreview]: needs('seal:add', (_current, locale, request) => {
    const parsed = check(companySealPreviewBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    return {
      status: 200,
      body: svgBlob(demoSealSvg(parsed.value, DEMO_COMPANY_NAME, DEMO_LEGAL_NAME)),
    };
  }),
  [PATHS.companySealCreate]: needs('seal:add', (current, locale, request) => {
    const parsed = check(companySealCreateBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const { image: base64, ...fields } = parsed.value;
    let image = svgBlob(demoSealSvg(fields, DEMO_COMPANY_NAME, DEMO_LEGAL_NAME));
    if (fields.makeWay !== 'template') {
      if (!base64) return refusal(400, 'sealImageRequired', locale);
      const bytes = decodeImage(base64);
      if (!bytes) return refusal(400, 'sealImageUnreadable', locale);
      if (bytes.length > SEAL_IMAGE_MAX_BYTES) return refusal(400, 'sealImageTooLarge', locale);
      const kind = detectImageType(bytes);
      if (!kind) return refusal(400, 'sealImageType', locale);
      image = new Blob([bytes], { type: `image/${kind}` });
    }
    const state = stateOf(current);
    const made: DemoCompanySeal = {
      ...fields,
      id: String(state.nextId++),
      status: isAdmin(current) ? 'normal' : 'pending',
      rejectReason: '',
      width: 200,
      height: 200,
      usedCount: 0,
      createdBy: { id: current.user.id, name: current.user.name },
      createdAt: stamp(),
      image,
      authorizations: [],
    };
    state.seals.push(made);
    return answer(sealOf(current, made));
  }),
  [PATHS.companySealUpdate]: needs('seal:edit', (current, locale, request) => {
    const parsed = check(companySealUpdateBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const item = find(current, parsed.value.id);
    if (!item) return refusal(404, 'sealNotFound', locale);
    const { id: _id, ...fields } = parsed.value;
    const redrawn =
      item.makeWay === 'template' &&
      (['type', 'colour', 'horizontalText', 'belowText', 'aged'] as const).some(
        (key) => item[key] !== fields[key],
      );
    if (redrawn && item.usedCount > 0) return refusal(400, 'sealInUseCannotEdit', locale);
    Object.assign(item, fields);
    if (redrawn) item.image = svgBlob(demoSealSvg(fields, DEMO_COMPANY_NAME, DEMO_LEGAL_NAME));
    return answer(sealOf(current, item));
  }),
  [PATHS.companySealStatus]: (current, locale, request) => {
    const parsed = check(companySealStatusBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const { id, action, reason } = parsed.value;
    const item = find(current, id);
    if (!item) return refusal(404, 'sealNotFound', locale);
    if (action === 'approve' || action === 'reject') {
      if (!isAdmin(current)) return refusal(403, 'sealApproveAdminOnly', locale);
      if (item.status !== 'pending') return refusal(400, 'sealNotPending', locale);
      if (action === 'reject' && !reason) return refusal(400, 'sealRejectReasonRequired', locale);
      item.status = action === 'approve' ? 'normal' : 'rejected';
      item.rejectReason = action === 'reject' ? reason : '';
    } else {
      if (!may(current, 'seal:edit')) return refusal(403, 'noPermission', locale);
      const from = action === 'disuse' ? 'normal' : 'disuse';
      if (item.status !== from) return refusal(400, 'sealStatusUnchanged', locale);
      item.status = action === 'disuse' ? 'disuse' : 'normal';
    }
    return answer(sealOf(current, item));
  },
  [PATHS.companySealRemove]: needs('seal:delete', (current, locale, request) => {
    const { id } = bodyOf(request) as { id?: string };
    const state = stateOf(current);
    const item = find(current, id);
    if (!item) return refusal(404, 'sealNotFound', locale);
    if (item.usedCount > 0) {
      item.status = 'disuse';
      item.authorizations = [];
      return answer({ outcome: 'disused' });
    }
    state.seals = state.seals.filter((candidate) => candidate !== item);
    return answer({ outcome: 'deleted' });
  }),
  [PATHS.companySealAuthorize]: needs('seal:authorize', (current, locale, request) => {
    const parsed = check(sealAuthorizeBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const body = parsed.value;
    const item = find(current, body.sealId);
    if (!item) return refusal(404, 'sealNotFound', locale);
    if (item.status !== 'normal') return refusal(400, 'sealAuthSealNotUsable', locale);
    if (body.endDate < body.startDate) return refusal(400, 'sealAuthEndBeforeStart', locale);
    if (body.endDate < DEMO_SEAL_DAY) return refusal(400, 'sealAuthEndPassed', locale);
    const grantees: (StaffListItem | null | undefined)[] =
      body.staffRange === 'all'
        ? [null]
        : body.granteeIds.map((id) =>
            DEMO_STAFF.find((staff) => staff.id === String(id) && staff.status === 'active'),
          );
    if (grantees.length === 0) return refusal(400, 'sealAuthGranteeRequired', locale);
    if (grantees.includes(undefined)) return refusal(400, 'sealAuthGranteeNotStaff', locale);
    let template: { id: string; name: string } | null = null;
    if (body.contractRange === 'template') {
      const found = current.templates.templates.find((row) => row.id === String(body.templateId));
      if (!found) return refusal(400, 'sealAuthTemplateRequired', locale);
      template = { id: found.id, name: found.name };
    }
    const state = stateOf(current);
    const made = grantees.map((member) => ({
      id: String(state.nextId++),
      right: body.right,
      staffRange: body.staffRange,
      grantee: member ? { id: member.id, name: member.name, phone: member.phone } : null,
      contractRange: body.contractRange,
      template,
      startDate: body.startDate,
      endDate: body.endDate,
      grantedBy: { id: current.user.id, name: current.user.name },
      grantedAt: stamp(),
    }));
    item.authorizations.push(...made);
    return answer(detailOf(current, { ...item, authorizations: made }).authorizations);
  }),
  [PATHS.companySealReauthorize]: needs('seal:authorize', (current, locale, request) => {
    const parsed = check(sealReauthorizeBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const { id, startDate, endDate } = parsed.value;
    const item = stateOf(current).seals.find((candidate) =>
      candidate.authorizations.some((authorization) => authorization.id === String(id)),
    );
    const authorization = item?.authorizations.find((row) => row.id === String(id));
    if (!item || !authorization) return refusal(404, 'sealAuthNotFound', locale);
    if (endDate < startDate) return refusal(400, 'sealAuthEndBeforeStart', locale);
    if (endDate < DEMO_SEAL_DAY) return refusal(400, 'sealAuthEndPassed', locale);
    Object.assign(authorization, { startDate, endDate });
    return answer(
      detailOf(current, { ...item, authorizations: [authorization] }).authorizations[0],
    );
  }),
  [PATHS.companySealRevoke]: needs('seal:authorize', (current, locale, request) => {
    const { id } = bodyOf(request) as { id?: string };
    const item = stateOf(current).seals.find((candidate) =>
      candidate.authorizations.some((authorization) => authorization.id === String(id)),
    );
    if (!item) return refusal(404, 'sealAuthNotFound', locale);
    item.authorizations = item.authorizations.filter((row) => row.id !== String(id));
    return answer(null);
  }),
};
