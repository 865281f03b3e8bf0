/**
 * The demo API's answers to the personal seal calls, by path (signed in), and the phone page's (no
 * session), with the server's rules and messages: at most `PERSONAL_SEAL_LIMIT` seals, one
 * default (the first seal, or the one asked for), a seal that signed contracts kept as disused
 * when removed, uploads judged by their bytes and size, a square name seal only for 2–4 Chinese
 * characters, QR tickets of handwriting that expire and serve once. Each story's console starts
 * from `DEMO_SEALS`, or from what `demoSealsFrom` set before the story; the pictures are drawn in
 * the browser when first asked for.
 */
import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  PERSONAL_SEAL_LIMIT,
  SEAL_IMAGE_MAX_BYTES,
  SEAL_INKS,
  SEAL_QR_TTL_SECONDS,
  check,
  detectImageType,
  fail,
  handwriteSubmitBody,
  message,
  personalSealCreateBody,
  personalSealPreviewQuery,
  sealIdBody,
  sealRenameBody,
  type HandwriteTicketState,
  type Locale,
  type MessageKey,
  type PersonalSeal,
  type PersonalSealShape,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import { COMPANY_SEAL_CALLS } from './demoCompanySeals';
import type { DemoConsole } from './demoData';
import { answer, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** A picture the demo draws: a seal's kind of look, with a name where it shows one. */
type DemoPicture =
  | { kind: 'template'; shape: PersonalSealShape; name: string }
  | { kind: 'signature'; ink: string }
  | { kind: 'stamp' };

/** A seal of the demo with its picture (drawn when first shown, or the bytes sent). */
export interface DemoSeal extends Omit<PersonalSeal, 'imageUrl'> {
  picture: DemoPicture | Blob;
}

const seal = (fields: Omit<DemoSeal, 'width' | 'height'>): DemoSeal => ({
  width: 400,
  height: 200,
  ...fields,
});

/** The demo user's seals: a default made from the template, a disused signature, an uploaded stamp. */
export const DEMO_SEALS: readonly DemoSeal[] = [
  seal({
    id: '41',
    name: 'Li Wei seal',
    makeWay: 'template',
    shape: 'oblong',
    status: 'normal',
    default: true,
    usedCount: 12,
    createdAt: '2025-02-10 08:30:00',
    picture: { kind: 'template', shape: 'oblong', name: 'Li Wei' },
  }),
  seal({
    id: '42',
    name: 'Old signature',
    makeWay: 'handwrite',
    shape: null,
    status: 'disuse',
    default: false,
    usedCount: 3,
    createdAt: '2024-11-02 14:05:00',
    picture: { kind: 'signature', ink: SEAL_INKS.blue },
  }),
  seal({
    id: '43',
    name: 'Office stamp',
    makeWay: 'upload',
    shape: null,
    status: 'normal',
    default: false,
    usedCount: 0,
    createdAt: '2025-03-01 10:12:00',
    picture: { kind: 'stamp' },
  }),
];

/** A phone ticket the phone page's stories open: valid for three minutes from the first look. */
export const DEMO_HANDWRITE_TICKET = 'demo-handwrite-ticket-0001';
/** A phone ticket that has expired. */
export const DEMO_EXPIRED_TICKET = 'demo-handwrite-ticket-expired';

interface DemoSeals {
  seals: DemoSeal[];
  /** How many of the next tickets made are expired at once (the expired QR code's stories). */
  expiringTickets: number;
  nextId: number;
}

interface DemoTicket {
  owner: DemoSeals;
  ownerName: string;
  expiresAt: number;
  /** The seal the phone made with it: a ticket serves once. */
  sealId: string | null;
}

interface DemoStart {
  seals?: readonly DemoSeal[];
  expiringTickets?: number;
}

let pending: DemoStart | null = null;
const consoles = new WeakMap<DemoConsole, DemoSeals>();
const tickets = new Map<string, DemoTicket>();
let lastTicket = '';

/**
 * What the next story's console starts from (call it in the story's `beforeEach`): taken once,
 * by the first call, so that later stories start from the defaults again.
 */
export function demoSealsFrom(start: DemoStart): void {
  pending = start;
}

/** The ticket the desktop's QR code holds now: a story plays the phone with it. */
export function lastDemoTicket(): string {
  return lastTicket;
}

function stateOf(current: DemoConsole): DemoSeals {
  let state = consoles.get(current);
  if (!state) {
    const start = pending ?? {};
    pending = null;
    state = {
      seals: (start.seals ?? DEMO_SEALS).map((item) => ({ ...item })),
      expiringTickets: start.expiringTickets ?? 0,
      nextId: 100,
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

// ---- Pictures, drawn on a canvas (the demo runs in the browser) ----

/** A canvas's picture as PNG bytes, at once (the demo's answers are not asynchronous). */
function pngOf(canvas: HTMLCanvasElement): Blob {
  const binary = atob(canvas.toDataURL('image/png').split(',')[1] ?? '');
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

function drawn(width: number, height: number, draw: (context: CanvasRenderingContext2D) => void) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  draw(canvas.getContext('2d')!);
  return pngOf(canvas);
}

/** A name seal as the server's template draws it, roughly: red, bordered, the name inside. */
function templatePicture(shape: PersonalSealShape, name: string): Blob {
  const [width, height] = shape === 'square' ? [240, 240] : [400, 160];
  return drawn(width, height, (context) => {
    context.strokeStyle = SEAL_INKS.red;
    context.fillStyle = SEAL_INKS.red;
    context.lineWidth = 10;
    context.strokeRect(8, 8, width - 16, height - 16);
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    if (shape === 'square') {
      const characters = [...name];
      const columns = characters.length > 2 ? 2 : 1;
      const rows = Math.ceil(characters.length / columns);
      context.font = `bold ${Math.floor(180 / Math.max(rows, columns))}px serif`;
      characters.forEach((character, index) => {
        // Read top to bottom, right column first, as a name seal is.
        const column = columns - 1 - Math.floor(index / rows);
        const row = index % rows;
        context.fillText(
          character,
          30 + ((column + 0.5) * 180) / columns,
          30 + ((row + 0.5) * 180) / rows,
        );
      });
    } else {
      context.font = 'bold 64px serif';
      context.fillText(name, width / 2, height / 2, width - 60);
    }
  });
}

function signaturePicture(ink: string): Blob {
  return drawn(400, 160, (context) => {
    context.strokeStyle = ink;
    context.lineWidth = 5;
    context.lineCap = 'round';
    context.beginPath();
    context.moveTo(30, 110);
    context.bezierCurveTo(80, 10, 120, 150, 170, 70);
    context.bezierCurveTo(200, 30, 230, 140, 280, 80);
    context.bezierCurveTo(310, 50, 340, 120, 370, 60);
    context.stroke();
  });
}

function stampPicture(): Blob {
  return drawn(240, 240, (context) => {
    context.strokeStyle = SEAL_INKS.red;
    context.fillStyle = SEAL_INKS.red;
    context.lineWidth = 10;
    context.beginPath();
    context.arc(120, 120, 105, 0, Math.PI * 2);
    context.stroke();
    context.beginPath();
    for (let point = 0; point < 10; point++) {
      const radius = point % 2 === 0 ? 40 : 16;
      const angle = -Math.PI / 2 + (point * Math.PI) / 5;
      context.lineTo(120 + radius * Math.cos(angle), 120 + radius * Math.sin(angle));
    }
    context.fill();
  });
}

function pictureOf(item: DemoSeal): Blob {
  if (item.picture instanceof Blob) return item.picture;
  const picture = item.picture;
  item.picture =
    picture.kind === 'template'
      ? templatePicture(picture.shape, picture.name)
      : picture.kind === 'signature'
        ? signaturePicture(picture.ink)
        : stampPicture();
  return item.picture;
}

// ---- The rules ----

/** As the server says it: a square name seal holds 2 to 4 Chinese characters. */
const fitsSquare = (name: string) => /^\p{Script=Han}{2,4}$/u.test(name);

/** What a personal seal's picture id starts with: the company seals' demo has ids of its own. */
const IMAGE_ID_PREFIX = 'personal-';

const sealOf = ({ picture: _picture, ...item }: DemoSeal): PersonalSeal => ({
  ...item,
  imageUrl: `/api${PATHS.sealImage}?id=${IMAGE_ID_PREFIX}${item.id}`,
});

/** The default first, then the newest. */
function listOf(state: DemoSeals): PersonalSeal[] {
  return [...state.seals]
    .sort((a, b) => Number(b.default) - Number(a.default) || b.createdAt.localeCompare(a.createdAt))
    .map(sealOf);
}

/** The bytes of a base64 picture, or null when it is not base64. */
function bytesOf(base64: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Why a picture cannot be a seal, as the server's sanitiser says (before its drawing checks). */
function pictureRefusal(bytes: Uint8Array | null): MessageKey | null {
  if (!bytes) return 'sealImageUnreadable';
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart();
  if (!detectImageType(bytes))
    return /^<(svg|\?xml)/i.test(head) ? 'sealImageSvg' : 'sealImageType';
  if (bytes.length > SEAL_IMAGE_MAX_BYTES) return 'sealImageTooLarge';
  return null;
}

function makeDefault(state: DemoSeals, id: string): void {
  for (const item of state.seals) item.default = item.id === id;
}

/** Adds a seal (the first one is the default) and answers it. */
function added(
  state: DemoSeals,
  fields: Omit<DemoSeal, 'id' | 'default' | 'usedCount' | 'createdAt' | 'status'>,
  asDefault: boolean,
): DemoSeal {
  const made: DemoSeal = {
    id: String(state.nextId++),
    status: 'normal',
    default: false,
    usedCount: 0,
    createdAt: stamp(),
    ...fields,
  };
  state.seals.push(made);
  if (asDefault || !state.seals.some((item) => item.default)) makeDefault(state, made.id);
  return made;
}

function find(state: DemoSeals, request: DemoRequest): DemoSeal | undefined {
  const { id } = bodyOf(request) as { id?: unknown };
  return state.seals.find((item) => item.id === String(id));
}

/** A ticket's standing for the desktop and the phone. */
function ticketStatus(ticket: DemoTicket | undefined): HandwriteTicketState['status'] | 'unknown' {
  if (!ticket) return 'unknown';
  if (ticket.sealId) return 'done';
  return Date.now() >= ticket.expiresAt ? 'expired' : 'waiting';
}

/**
 * The stories' own tickets, known to the phone page without a desktop having made them: made
 * afresh for each story's world, so that one story's submission does not use up the next's.
 */
function storyTicket(request: DemoRequest, ticket: string): DemoTicket | undefined {
  if (ticket !== DEMO_HANDWRITE_TICKET && ticket !== DEMO_EXPIRED_TICKET) return undefined;
  const ownerConsole = request.world.get(PERSONAL_CONSOLE_ID)!;
  const owner = stateOf(ownerConsole);
  const known = tickets.get(ticket);
  if (known?.owner === owner) return known;
  const made: DemoTicket = {
    owner,
    ownerName: ownerConsole.user.name,
    expiresAt:
      ticket === DEMO_EXPIRED_TICKET ? Date.now() - 1000 : Date.now() + SEAL_QR_TTL_SECONDS * 1000,
    sealId: null,
  };
  tickets.set(ticket, made);
  return made;
}

const ticketOf = (request: DemoRequest, ticket: string) =>
  storyTicket(request, ticket) ?? tickets.get(ticket);

/** The seal a phone's drawing makes for the ticket's owner, named as the server names it. */
function phoneMade(ticket: DemoTicket, picture: Blob, locale: Locale): void {
  const made = added(
    ticket.owner,
    {
      name: locale === 'zh' ? '手写签名' : 'My signature',
      makeWay: 'handwrite',
      shape: null,
      width: 400,
      height: 160,
      picture,
    },
    false,
  );
  ticket.sealId = made.id;
}

/** The demo API's answers to the personal seal calls, by path. */
export const SEAL_CALLS: Record<string, ConsoleCall> = {
  [PATHS.personalSealList]: (current) => answer(listOf(stateOf(current))),
  // One call serves every seal's picture, as on the server: a company seal's is the company
  // seals' demo's to answer.
  [PATHS.sealImage]: (current, locale, request) => {
    const imageId = paramOf(request, 'id');
    const item = imageId.startsWith(IMAGE_ID_PREFIX)
      ? stateOf(current).seals.find((row) => row.id === imageId.slice(IMAGE_ID_PREFIX.length))
      : undefined;
    if (item) return { status: 200, body: pictureOf(item) };
    const companySealImage = COMPANY_SEAL_CALLS[PATHS.sealImage];
    return companySealImage
      ? companySealImage(current, locale, request)
      : refusal(404, 'sealNotFound', locale);
  },
  [PATHS.personalSealPreview]: (current, locale, request) => {
    const parsed = check(personalSealPreviewQuery, { shape: paramOf(request, 'shape') }, locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const { name } = current.user;
    if (parsed.value.shape === 'square' && !fitsSquare(name)) {
      return refusal(400, 'sealTemplateNameLength', locale);
    }
    return { status: 200, body: templatePicture(parsed.value.shape, name) };
  },
  [PATHS.personalSealCreate]: (current, locale, request) => {
    const state = stateOf(current);
    const parsed = check(personalSealCreateBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const body = parsed.value;
    if (state.seals.length >= PERSONAL_SEAL_LIMIT) return refusal(400, 'sealLimit', locale);
    if (body.makeWay === 'template') {
      const shape = body.shape ?? 'square';
      const { name } = current.user;
      if (shape === 'square' && !fitsSquare(name)) {
        return refusal(400, 'sealTemplateNameLength', locale);
      }
      const made = added(
        state,
        {
          name: body.name,
          makeWay: 'template',
          shape,
          width: 400,
          height: 160,
          picture: { kind: 'template', shape, name },
        },
        body.makeDefault,
      );
      return answer(sealOf(made));
    }
    if (!body.image) return refusal(400, 'sealImageRequired', locale);
    const bytes = bytesOf(body.image);
    const refused = pictureRefusal(bytes);
    if (refused) return refusal(400, refused, locale);
    const made = added(
      state,
      {
        name: body.name,
        makeWay: body.makeWay,
        shape: null,
        width: 400,
        height: 160,
        picture: new Blob([new Uint8Array(bytes!)], { type: 'image/png' }),
      },
      body.makeDefault,
    );
    return answer(sealOf(made));
  },
  [PATHS.personalSealRename]: (current, locale, request) => {
    const parsed = check(sealRenameBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const item = stateOf(current).seals.find((row) => row.id === String(parsed.value.id));
    if (!item) return refusal(404, 'sealNotFound', locale);
    item.name = parsed.value.name;
    return answer(null);
  },
  [PATHS.personalSealSetDefault]: (current, locale, request) => {
    const parsed = check(sealIdBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const state = stateOf(current);
    const item = state.seals.find((row) => row.id === String(parsed.value.id));
    if (!item) return refusal(404, 'sealNotFound', locale);
    if (item.status === 'disuse') return refusal(400, 'sealDisused', locale);
    makeDefault(state, item.id);
    return answer(null);
  },
  [PATHS.personalSealRemove]: (current, locale, request) => {
    const state = stateOf(current);
    const item = find(state, request);
    if (!item) return refusal(404, 'sealNotFound', locale);
    const wasDefault = item.default;
    let outcome: 'deleted' | 'disused';
    if (item.usedCount > 0) {
      Object.assign(item, { status: 'disuse', default: false });
      outcome = 'disused';
    } else {
      state.seals.splice(state.seals.indexOf(item), 1);
      outcome = 'deleted';
    }
    if (wasDefault) {
      const next = state.seals
        .filter((row) => row.status === 'normal')
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      if (next) makeDefault(state, next.id);
    }
    return answer({ outcome });
  },
  [PATHS.handwriteTicketCreate]: (current) => {
    const state = stateOf(current);
    const ticket = `demo-${crypto.randomUUID().replaceAll('-', '')}`;
    const expired = state.expiringTickets > 0;
    if (expired) state.expiringTickets--;
    const expiresAt = expired ? Date.now() - 1000 : Date.now() + SEAL_QR_TTL_SECONDS * 1000;
    tickets.set(ticket, { owner: state, ownerName: current.user.name, expiresAt, sealId: null });
    lastTicket = ticket;
    return answer({
      ticket,
      path: `/seal-handwrite?ticket=${ticket}`,
      expiresAt: new Date(expiresAt).toISOString(),
    });
  },
  [PATHS.handwriteTicketState]: (current, locale, request) => {
    const ticket = tickets.get(paramOf(request, 'ticket'));
    if (!ticket || ticket.owner !== stateOf(current)) return refusal(400, 'sealQrExpired', locale);
    const status = ticketStatus(ticket);
    const made = ticket.owner.seals.find((item) => item.id === ticket.sealId);
    return answer({
      status: status === 'unknown' ? 'expired' : status,
      seal: made ? sealOf(made) : null,
    } satisfies HandwriteTicketState);
  },
};

/** The phone handwriting page's calls, answered without a session (the ticket is the right). */
export const SEAL_PUBLIC_CALLS: Record<string, (request: DemoRequest) => Answer> = {
  [PATHS.handwriteTicketInfo]: (request) => {
    const ticket = ticketOf(request, paramOf(request, 'ticket'));
    const status = ticketStatus(ticket);
    if (status === 'done') return refusal(400, 'sealQrUsed', request.locale);
    if (status !== 'waiting') return refusal(400, 'sealQrExpired', request.locale);
    return answer({
      name: ticket!.ownerName,
      expiresAt: new Date(ticket!.expiresAt).toISOString(),
    });
  },
  [PATHS.handwriteTicketSubmit]: (request) => {
    const { locale } = request;
    const parsed = check(handwriteSubmitBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const ticket = ticketOf(request, parsed.value.ticket);
    const status = ticketStatus(ticket);
    if (status === 'done') return refusal(400, 'sealQrUsed', locale);
    if (status !== 'waiting') return refusal(400, 'sealQrExpired', locale);
    const bytes = bytesOf(parsed.value.image);
    const refused = pictureRefusal(bytes);
    if (refused) return refusal(400, refused, locale);
    if (ticket!.owner.seals.length >= PERSONAL_SEAL_LIMIT) return refusal(400, 'sealLimit', locale);
    phoneMade(ticket!, new Blob([new Uint8Array(bytes!)], { type: 'image/png' }), locale);
    return answer(null);
  },
};

/**
 * The phone's part, played by a story: a drawing sent with the desktop's newest ticket, as the
 * phone page sends it.
 */
export function demoPhoneDraws(locale: Locale): void {
  const ticket = tickets.get(lastTicket);
  if (ticketStatus(ticket) !== 'waiting') throw new Error('No QR code waits for a phone');
  phoneMade(ticket!, signaturePicture(SEAL_INKS.black), locale);
}
