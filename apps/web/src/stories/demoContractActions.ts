/**
 * The demo API's answers to a sent contract's screens: contract/detail of the demo's contracts
 * (demoContracts.ts) with a project over a PDF written by hand, filling in, the seals to sign
 * with, the SMS code (the demo's is 123456) and the face check (the development provider),
 * signing, refusing, urging, withdrawing, removing, the lock, the download link, the signatures
 * and the audit trail. A story changes what it answers through `DemoConsole.contractActions`.
 */
import {
  CODES,
  PATHS,
  check,
  contractRejectBody,
  fail,
  message,
  type AttestationEntry,
  type AuthCodeSent,
  type ContractActed,
  type ContractAttestation,
  type ContractDetail,
  type ContractInOtherConsole,
  type ContractLock,
  type ContractPdfLink,
  type ContractRescission,
  type ContractSeal,
  type ContractSignatures,
  type ContractSigningApproval,
  type ContractUrged,
  type FaceCheckResult,
  type FaceCheckStarted,
  type Locale,
  type MessageKey,
  type SignTicket,
  type TemplateParty,
} from '@esign/platform';
import {
  createEditorStore,
  createPage,
  createProject,
  toStoredProject,
  type TemplateProject,
} from '@esign/template-editor/core';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoContract } from './demoContracts';
import type { DemoConsole } from './demoData';
import { A4, contractPdfLink } from './demoPdf';
import { signingApprovalOf } from './demoSigningApproval';
import { answer, paramOf, type ConsoleCall } from './demoTemplates';

/** The SMS code the demo accepts for signing. */
export const DEMO_SIGN_CODE = '123456';

/** What the demo answers about sent contracts in one console; a story changes parts of it. */
export interface DemoContractActions {
  /** The person of the party who holds each contract's lock; null: nobody else. */
  lockHolder: string | null;
  /**
   * The session may take its party's lock (contract/detail's `mayLock`); false: a member who
   * neither initiated the contract, nor manages the company's, nor is the party's signer
   * (contract/lock answers 403).
   */
  mayLock: boolean;
  /** Every party was urged within the hour: urge answers 429 with when it comes back. */
  urgedRecently: boolean;
  /** The seals of the console, by kind. */
  seals: 'personal' | 'company';
  /**
   * The seals a contract's template does not take, by contract id (seal/listContractSeal leaves
   * them out); a contract not here takes every seal of the console.
   */
  sealsRefused?: Readonly<Record<string, readonly string[]>>;
  /** The signatures of a contract's PDF, by contract id (those not here have none). */
  signatures: Readonly<Record<string, ContractSignatures>>;
  /** The audit trail of a contract, by contract id (those not here have their create entry). */
  attestations: Readonly<Record<string, ContractAttestation>>;
  /**
   * Contracts held by one console of the demo user only, by contract id: contract/detail answers
   * them there, and 403 `contractInOtherConsole` naming that console in the other.
   */
  heldBy: Readonly<Record<string, ContractInOtherConsole>>;
  /**
   * Where the company stands on approving a contract (contract/detail's `signingApproval`), by
   * contract id; an application (demoSigningApproval.ts) changes it for the story's console.
   */
  signingApproval?: Readonly<Record<string, ContractSigningApproval>>;
}

/** A seal image drawn as SVG: a red ring with the name, as a data: URL (no server). */
function sealImage(name: string, round: boolean): string {
  const shape = round
    ? '<circle cx="60" cy="60" r="54" fill="none" stroke="#d4380d" stroke-width="6"/>' +
      '<text x="60" y="70" font-size="34" text-anchor="middle" fill="#d4380d">★</text>'
    : '<rect x="8" y="8" width="104" height="104" fill="none" stroke="#d4380d" stroke-width="6"/>';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">${shape}` +
    `<text x="60" y="${round ? 100 : 68}" font-size="14" text-anchor="middle" fill="#d4380d">${name}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const PERSONAL_SEALS: ContractSeal[] = [
  {
    id: '31',
    kind: 'personal',
    name: 'Li Wei',
    party: 'B',
    imageUrl: sealImage('Li Wei', false),
    default: true,
  },
];

/**
 * In the company console: the company's seals the member may use for this contract today (as
 * seal/listContractSeal answers them), the contract seal first and chosen by default.
 */
const COMPANY_SEALS: ContractSeal[] = [
  {
    id: '1001',
    kind: 'company',
    name: 'Contract seal',
    party: 'B',
    imageUrl: sealImage('合同专用章', true),
    default: true,
  },
  {
    id: '1002',
    kind: 'company',
    name: 'Qingshan Trading Co., Ltd.',
    party: 'B',
    imageUrl: sealImage('Qingshan', true),
    default: false,
  },
];

const SHA = (seed: string) => seed.repeat(64).slice(0, 64);

/**
 * What contract/signatures says of a signature, as the server words it (its OpenAPI example) in
 * each language: intact under the platform's authority, or not intact.
 */
const SIGNATURE_WORDS: Record<'intact' | 'broken', Record<Locale, string>> = {
  intact: {
    en: 'The signature is intact: the document is unchanged since it was signed. Its certificate was issued by this platform’s own authority (CN=eSign Platform CA,O=eSign), which readers outside the platform (Adobe Acrobat, pdfsig) call unknown until its certificate is added to them.',
    zh: '签名完整：签名后文件未被改动。证书由本平台自己的认证机构（CN=eSign Platform CA,O=eSign）签发；平台之外的阅读器（如 Adobe Acrobat、pdfsig）在添加该机构的证书之前会显示签发者未知。',
  },
  broken: {
    en: 'The signature does not match the document: it was changed after signing, or the signature is damaged.',
    zh: '签名与文件不符：文件在签名后被改动，或签名已损坏。',
  },
};

/** Two valid signatures of the completed supply agreement (9005). */
const SUPPLY_SIGNATURES: ContractSignatures = {
  sha256: SHA('9c41e07b'),
  intact: true,
  signatures: [
    {
      index: 1,
      signerName: 'Li Wei',
      party: 'A',
      signedAt: '2025-03-01T03:00:00Z',
      certificateSubject: 'CN=Li Wei',
      certificateIssuer: 'CN=eSign Platform CA,O=eSign',
      valid: true,
      coversWholeDocument: false,
      detail: SIGNATURE_WORDS.intact.en,
    },
    {
      index: 2,
      signerName: 'Chen Jie',
      party: 'B',
      signedAt: '2025-03-02T09:00:00Z',
      certificateSubject: 'CN=Chen Jie,O=Hengda Foods Ltd.',
      certificateIssuer: 'CN=eSign Platform CA,O=eSign',
      valid: true,
      coversWholeDocument: true,
      detail: SIGNATURE_WORDS.intact.en,
    },
  ],
};

/** The same file changed after the last signature: it no longer holds. */
export const TAMPERED_SIGNATURES: ContractSignatures = {
  ...SUPPLY_SIGNATURES,
  intact: false,
  signatures: SUPPLY_SIGNATURES.signatures.map((signature, index) =>
    index === 1
      ? {
          ...signature,
          valid: false,
          coversWholeDocument: false,
          detail: SIGNATURE_WORDS.broken.en,
        }
      : signature,
  ),
};

const entry = (
  seq: number,
  action: AttestationEntry['action'],
  at: string,
  actor: [string, string] | null,
  fields: Partial<AttestationEntry> = {},
): AttestationEntry => ({
  seq,
  action,
  at,
  actorName: actor?.[0] ?? null,
  actorPhone: actor?.[1] ?? null,
  companyName: null,
  ip: actor ? '203.0.113.24' : null,
  documentSha256: SHA(seq < 4 ? '5d1f2a03' : '9c41e07b'),
  details: {},
  hash: SHA(`${seq}e7a${seq}b0c`),
  prevHash: seq === 1 ? null : SHA(`${seq - 1}e7a${seq - 1}b0c`),
  ...fields,
});

const SUPPLY_TRAIL: AttestationEntry[] = [
  entry(1, 'create', '2025-03-01T02:00:00Z', ['Li Wei', '13800000001']),
  entry(2, 'view', '2025-03-01T02:30:00Z', ['Chen Jie', '13900000003'], {
    companyName: 'Hengda Foods Ltd.',
  }),
  entry(3, 'sign', '2025-03-01T03:00:00Z', ['Li Wei', '13800000001'], {
    details: { party: 'A', version: 1, confirmedBy: 'sms' },
  }),
  entry(4, 'sign', '2025-03-02T09:00:00Z', ['Chen Jie', '13900000003'], {
    companyName: 'Hengda Foods Ltd.',
    details: { party: 'B', version: 2, status: 'completed', confirmedBy: 'face' },
  }),
  entry(5, 'download', '2025-03-02T09:05:00Z', ['Li Wei', '13800000001']),
];

/** The supply agreement's trail with its fourth entry rewritten after the fact. */
export const BROKEN_TRAIL: ContractAttestation = {
  entries: SUPPLY_TRAIL.map((one) =>
    one.seq === 4 ? { ...one, ip: '198.51.100.7', hash: SHA('0bad0bad') } : one,
  ),
  chain: { intact: false, brokenAt: 4, problem: 'hash' },
};

export const DEMO_CONTRACT_ACTIONS: DemoContractActions = {
  lockHolder: null,
  mayLock: true,
  urgedRecently: false,
  seals: 'personal',
  signatures: { '9005': SUPPLY_SIGNATURES },
  attestations: { '9005': { entries: SUPPLY_TRAIL, chain: { intact: true } } },
  heldBy: {},
};

// ---- The demo's contracts as contract/detail shows them ----

/** What the demo user may do on each contract (the list's move and the detail's actions). */
const MY_ACTIONS: Record<string, ContractDetail['myActions']> = {
  '9001': ['sign', 'refuse'],
  '9002': ['fill', 'refuse'],
  '9003': ['urge', 'withdraw'],
  '9005': ['rescind'],
};

/** The demo user's party of each contract. */
const MY_PARTIES: Record<string, TemplateParty[]> = {
  '9001': ['B'],
  '9002': ['B'],
  '9003': ['A'],
  '9005': ['A'],
  '9006': ['B'],
};

const REFUSAL_REASONS: Record<string, string> = {
  '9006': 'The rent is higher than agreed on the phone.',
};

/**
 * A contract's project on two A4 pages: each signing party's seal (on every page) or signature,
 * and the text and date fields of the parties that fill in.
 */
function projectOf(contract: DemoContract): TemplateProject {
  const project = createProject(A4);
  project.pages = [createPage(A4), createPage(A4)];
  project.hasSource = true;
  project.participants = contract.participants.map((party) => ({
    party: party.party as TemplateParty,
    name: party.name,
    sign: party.signs,
    fill: party.fills,
  }));
  const store = createEditorStore(project);
  const [first, second] = store.getState().project.pages.map((page) => page.uuid);
  const add = store.getState().addElement;
  contract.participants.forEach((party, index) => {
    const left = 56 + index * 170;
    if (party.fills) {
      add(first!, 'text', {
        title: 'Full name',
        config: { party: party.party as TemplateParty, required: true, tip: 'As on your ID card' },
        commonStyle: { left, top: 470, width: 160, height: 30 },
      });
      add(second!, 'text', {
        title: 'Bank account',
        config: { party: party.party as TemplateParty, required: false, isNumber: true },
        previewConfig: { limitNum: 19 },
        commonStyle: { left, top: 520, width: 160, height: 30 },
      });
    }
    if (party.signs) {
      const kind = party.companyName ? 'seal' : 'signature';
      add(kind === 'seal' ? first! : second!, kind, {
        config: { party: party.party as TemplateParty },
        commonStyle: {
          left,
          top: 640,
          ...(kind === 'signature' ? { width: 150, height: 60 } : {}),
        },
      });
    }
  });
  return toStoredProject(store.getState().project);
}

const projects = new Map<string, TemplateProject>();

function detailOf(contract: DemoContract): ContractDetail<TemplateProject> {
  if (!projects.has(contract.id)) projects.set(contract.id, projectOf(contract));
  const title = contract.name.replace(/[^\x20-\x7e]/g, '').trim() || 'Contract';
  return {
    id: contract.id,
    number: contract.number,
    name: contract.name,
    status: contract.status,
    agreementType: contract.agreementType as ContractDetail['agreementType'],
    signingOrder: contract.signingOrder,
    templateId: null,
    documentId: `doc-${contract.id}`,
    initiatorName: contract.initiatorName,
    initiatorPhone: contract.initiatorPhone,
    initiatorCompany: contract.initiatorCompany,
    createdAt: contract.createdAt,
    signingStartedAt: contract.signingStartedAt,
    signingDeadline: contract.signingDeadline,
    participants: contract.participants.map((party, position) => ({
      party: party.party as TemplateParty,
      kind: party.companyName ? 'company' : 'person',
      name: party.name,
      phone: party.phone,
      companyName: party.companyName,
      registered: true,
      companyVerified: party.companyName !== null,
      signs: party.signs,
      fills: party.fills,
      position,
      filledAt: party.filledAt,
      signedAt: party.signedAt,
      refusedAt: party.refusedAt,
      refusalReason: party.refusedAt ? (REFUSAL_REASONS[contract.id] ?? null) : null,
    })),
    receivers:
      contract.id === '9003'
        ? [{ name: 'Sun Yu', phone: '13900000005', companyName: 'Hengda Foods Ltd.' }]
        : [],
    project: projects.get(contract.id)!,
    stampLocations: [],
    pdfSha256: SHA('5d1f2a03'),
    pdfLink: contractPdfLink(title, 2),
    pdfLinkExpiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    myParties: MY_PARTIES[contract.id] ?? [],
    myActions: MY_ACTIONS[contract.id] ?? [],
  };
}

// ---- The calls ----

const refusal = (status: number, key: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(key, locale)),
});

const notFound = (locale: Locale) => refusal(CODES.notFound, 'notFound', locale);

const bodyOf = ({ config }: DemoRequest): Record<string, unknown> =>
  JSON.parse(String(config.data ?? '{}')) as Record<string, unknown>;

/** The demo contract a request names (query or body), if the console sees it. */
function contractOf(current: DemoConsole, request: DemoRequest): DemoContract | undefined {
  const id = paramOf(request, 'id') || String(bodyOf(request).id ?? '');
  return current.contracts?.find((contract) => contract.id === id);
}

/** A call about one of the demo's contracts: 404 for any other, as the server answers. */
const about =
  (
    read: (
      contract: DemoContract,
      current: DemoConsole,
      locale: Locale,
      request: DemoRequest,
    ) => Answer,
  ): ConsoleCall =>
  (current, locale, request) => {
    const contract = contractOf(current, request);
    return contract ? read(contract, current, locale, request) : notFound(locale);
  };

const acted = (contract: DemoContract, status: ContractActed['status']): Answer =>
  answer({ id: contract.id, status, pdfSha256: SHA('77aa0c31') } satisfies ContractActed);

const ticket = (): SignTicket => ({
  ticket: 'demo-ticket',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
});

/**
 * GET contract/detail: the demo's contracts in full. `fallback` answers the others (a contract
 * the initiating stories just created).
 */
export function contractDetailCall(fallback: ConsoleCall | undefined): ConsoleCall {
  return (current, locale, request) => {
    const contract = contractOf(current, request);
    const owner = contract && current.contractActions.heldBy[contract.id];
    if (owner && owner.companyId !== current.user.companyId) {
      return {
        status: 403,
        body: fail(CODES.contractInOtherConsole, message('contractInOtherConsole', locale), owner),
      };
    }
    if (contract && contract.id in MY_PARTIES) {
      const holder = current.contractActions.lockHolder;
      const party = (MY_PARTIES[contract.id] ?? ['A'])[0]!;
      const until = new Date(Date.now() + 5 * 60_000).toISOString();
      return answer({
        ...detailOf(contract),
        locks: holder ? [{ party, holder, until, mine: false }] : [],
        mayLock: current.contractActions.mayLock ? (MY_PARTIES[contract.id] ?? ['A']) : [],
        ...signingApprovalOf(current, contract.id),
      } satisfies ContractDetail<TemplateProject>);
    }
    return fallback ? fallback(current, locale, request) : notFound(locale);
  };
}

const faceStarted: FaceCheckStarted = {
  url: 'about:blank#demo-face-check',
  faceToken: 'demo-face',
  development: true,
};

/** The demo API's answers to a sent contract's calls, by path (contract/detail aside). */
export const CONTRACT_ACTION_CALLS: Record<string, ConsoleCall> = {
  [PATHS.contractWrite]: about((contract, _current, locale, request) => {
    const values = (bodyOf(request).values ?? {}) as Record<string, string>;
    if (Object.values(values).every((value) => !value))
      return refusal(CODES.badRequest, 'fieldValueRequired', locale);
    return acted(contract, 'signing');
  }),
  [PATHS.contractSaveDraft]: about(() => answer({ savedAt: new Date().toISOString() })),
  [PATHS.contractSeals]: about((contract, current) => {
    const refused = current.contractActions.sealsRefused?.[contract.id] ?? [];
    const seals = current.contractActions.seals === 'company' ? COMPANY_SEALS : PERSONAL_SEALS;
    return answer(seals.filter((seal) => !refused.includes(seal.id)));
  }),
  [PATHS.contractSendAuthCode]: about(() =>
    answer({ phone: '138****0001', resendAfterSeconds: 60 } satisfies AuthCodeSent),
  ),
  [PATHS.contractValidateAuthCode]: about((_contract, _current, locale, request) =>
    bodyOf(request).code === DEMO_SIGN_CODE
      ? answer(ticket())
      : refusal(CODES.badRequest, 'smsCodeWrong', locale),
  ),
  [PATHS.contractFaceUrl]: about(() => answer(faceStarted)),
  [PATHS.contractFaceResult]: about(() =>
    answer({ state: 'passed', ...ticket() } satisfies FaceCheckResult),
  ),
  [PATHS.contractSign]: about((contract) => {
    const others = contract.participants.filter(
      (party) =>
        party.signs &&
        !party.signedAt &&
        !(MY_PARTIES[contract.id] ?? []).includes(party.party as TemplateParty),
    );
    return acted(contract, others.length === 0 ? 'completed' : 'signing');
  }),
  [PATHS.contractReject]: about((contract, _current, locale, request) => {
    const checked = check(contractRejectBody, bodyOf(request), locale);
    if (!checked.ok)
      return { status: CODES.badRequest, body: fail(CODES.badRequest, checked.issues[0]!.message) };
    return acted(contract, 'refused');
  }),
  [PATHS.contractUrge]: about((contract, current, locale) =>
    current.contractActions.urgedRecently
      ? {
          status: 429,
          body: fail(429, message('urgeTooSoon', locale), {
            nextUrgeAt: new Date(Date.now() + 25 * 60_000).toISOString(),
          }),
        }
      : answer({
          urged: contract.participants
            .filter((party) => party.signs && !party.signedAt)
            .map((party) => party.party as TemplateParty),
          nextUrgeAt: new Date(Date.now() + 60 * 60_000).toISOString(),
        } satisfies ContractUrged),
  ),
  [PATHS.contractRevoke]: about((contract) => acted(contract, 'withdrawn')),
  [PATHS.contractRescission]: about((contract) =>
    answer({
      state: 'none',
      reason: null,
      requestedAt: null,
      parties: contract.participants
        .filter((party) => party.signs)
        .map((party) => ({
          party: party.party as TemplateParty,
          name: party.name,
          companyName: party.companyName,
          agreedAt: null,
        })),
      canAgree: true,
    } satisfies ContractRescission),
  ),
  [PATHS.contractRescind]: about((contract, _current, locale, request) =>
    String(bodyOf(request).reason ?? '').trim()
      ? acted(contract, 'completed')
      : refusal(CODES.badRequest, 'rescissionReasonRequired', locale),
  ),
  [PATHS.contractRemove]: about((contract) => acted(contract, contract.status)),
  [PATHS.contractLock]: about((contract, current, locale) => {
    if (!current.contractActions.mayLock) return refusal(CODES.forbidden, 'noPermission', locale);
    const holder = current.contractActions.lockHolder;
    const party = (MY_PARTIES[contract.id] ?? ['A'])[0]!;
    return answer({
      party,
      locked: true,
      holder: holder ?? current.user.name,
      until: new Date(Date.now() + 5 * 60_000).toISOString(),
      mine: holder === null,
    } satisfies ContractLock);
  }),
  [PATHS.contractDownloadTicket]: about((contract) =>
    answer({
      link: contractPdfLink(contract.name.replace(/[^\x20-\x7e]/g, ''), 2),
      expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      sha256: SHA('77aa0c31'),
      fileName: `${contract.number}.pdf`,
    } satisfies ContractPdfLink),
  ),
  [PATHS.contractSignatures]: about((contract, current, locale) => {
    const found = current.contractActions.signatures[contract.id];
    if (!found) {
      return answer({
        sha256: SHA('5d1f2a03'),
        signatures: [],
        intact: true,
      } satisfies ContractSignatures);
    }
    // The server words each signature in the request's language.
    return answer({
      ...found,
      signatures: found.signatures.map((signature) => ({
        ...signature,
        detail: SIGNATURE_WORDS[signature.valid ? 'intact' : 'broken'][locale],
      })),
    } satisfies ContractSignatures);
  }),
  [PATHS.contractAttestation]: about((contract, current) =>
    answer(
      current.contractActions.attestations[contract.id] ??
        ({
          entries: [
            entry(1, 'create', contract.createdAt, [
              contract.initiatorName,
              contract.initiatorPhone,
            ]),
          ],
          chain: { intact: true },
        } satisfies ContractAttestation),
    ),
  ),
};
