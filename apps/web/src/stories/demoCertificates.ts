/**
 * The demo API's answers to a company's certificate calls (systemDigitalCertificate, the hardware
 * key applications, systemAccess/applyCert and the communication certificates' calls, and the
 * access parties to bind to), from the server's OpenAPI examples (`CERTIFICATE_EXAMPLES`). It
 * checks only the shared request schemas and moves statuses by the shared table; what the server
 * decides (a file's password, an expired import) a story names as the refusal it answers
 * (`demoCertificatesFrom`). Each story's console keeps its changes to itself.
 */
import {
  CERTIFICATE_EXAMPLES,
  INTEGRATION_EXAMPLES,
  PATHS,
  canChangeDigitalCert,
  certRevokeBody,
  check,
  communicationCertApplyBody,
  communicationCertBindBody,
  digitalCertApplyBody,
  digitalCertImportBody,
  digitalCertStatusBody,
  digitalCertUpdateBody,
  fail,
  hardwareKeyApplyBody,
  message,
  type CommunicationCertificate,
  type DigitalCertificate,
  type DigitalCertificatePage,
  type HardwareKeyApplication,
  type MessageKey,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { bodyOf, schemaRefusal } from './demoRequest';
import { answer, pageOf, paramOf, type ConsoleCall } from './demoTemplates';

/** What the demo answers in one console. */
export interface DemoCertificates {
  digital: DigitalCertificate[];
  signing: DigitalCertificatePage['signing'];
  hardwareKeys: HardwareKeyApplication[];
  communication: CommunicationCertificate[];
  /** The refusal systemDigitalCertificate/import answers instead (a wrong password …). */
  refuseImport?: MessageKey;
}

/** What a console answers unless a story says otherwise: the examples. */
export function exampleCertificates(): DemoCertificates {
  const page = CERTIFICATE_EXAMPLES.digitalPage.answer;
  return structuredClone({
    digital: page.records,
    signing: page.signing,
    hardwareKeys: CERTIFICATE_EXAMPLES.hardwareKeyPage.answer.records,
    communication: CERTIFICATE_EXAMPLES.communicationPage.answer.records,
  });
}

/** A company that has none of it yet. */
export function noCertificates(): DemoCertificates {
  return {
    ...exampleCertificates(),
    digital: [],
    signing: 'platform',
    hardwareKeys: [],
    communication: [],
  };
}

let pending: DemoCertificates | null = null;
const consoles = new WeakMap<DemoConsole, DemoCertificates>();

/** What the next story's console answers (call it in the story's `beforeEach`). */
export function demoCertificatesFrom(certificates: DemoCertificates): void {
  pending = certificates;
}

function certificatesOf(current: DemoConsole): DemoCertificates {
  let certificates = consoles.get(current);
  if (!certificates) {
    certificates = pending ? structuredClone(pending) : exampleCertificates();
    pending = null;
    consoles.set(current, certificates);
  }
  return certificates;
}

/**
 * The access party of an id, as the access parties' demo lists them (getAccessList is theirs:
 * demoIntegrations answers it from `INTEGRATION_EXAMPLES`).
 */
const partyOf = (id: number | null) =>
  INTEGRATION_EXAMPLES.options.find((party) => party.id === String(id)) ?? null;

const refusal = (status: number, text: MessageKey, locale: 'en' | 'zh'): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

/** A certificate file the server would answer (the demo's is a stand-in). */
const certificateFile = (): Answer => ({
  status: 200,
  body: new Blob(['-----BEGIN CERTIFICATE-----\ndemo\n-----END CERTIFICATE-----\n'], {
    type: 'application/x-pem-file',
  }),
});

/** The demo API's answers to the certificate calls, by path. */
export const CERTIFICATE_CALLS: Record<string, ConsoleCall> = {
  [PATHS.digitalCertPage]: (current, _locale, request) => {
    const { digital, signing } = certificatesOf(current);
    const status = paramOf(request, 'status');
    return answer({
      ...pageOf(
        digital.filter((one) => !status || one.status === status),
        request,
      ),
      signing,
    });
  },
  [PATHS.digitalCertApply]: (current, locale, request) => {
    const checked = check(digitalCertApplyBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const certificates = certificatesOf(current);
    const made: DigitalCertificate = {
      ...structuredClone(CERTIFICATE_EXAMPLES.digitalApply.answer),
      id: String(100 + certificates.digital.length),
      name: checked.value.name,
    };
    certificates.digital.unshift(made);
    certificates.signing = 'certificate';
    return answer(made);
  },
  [PATHS.digitalCertImport]: (current, locale, request) => {
    const checked = check(digitalCertImportBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const certificates = certificatesOf(current);
    if (certificates.refuseImport) return refusal(400, certificates.refuseImport, locale);
    const made: DigitalCertificate = {
      ...structuredClone(CERTIFICATE_EXAMPLES.digitalImport.answer),
      id: String(100 + certificates.digital.length),
      name: checked.value.name,
    };
    certificates.digital.unshift(made);
    return answer(made);
  },
  [PATHS.digitalCertUpdateStatus]: (current, locale, request) => {
    const checked = check(digitalCertStatusBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const certificates = certificatesOf(current);
    const found = certificates.digital.find((one) => one.id === String(checked.value.id));
    if (!found) return refusal(404, 'notFound', locale);
    if (!canChangeDigitalCert(found.status, checked.value.status)) {
      return refusal(409, 'certificateStatusNotPossible', locale);
    }
    // The table's note: making one active disables the other active one.
    if (checked.value.status === 'active') {
      for (const one of certificates.digital) if (one.status === 'active') one.status = 'disabled';
    }
    Object.assign(found, { status: checked.value.status, expiresSoon: false });
    if (checked.value.status === 'revoked') {
      Object.assign(found, {
        revokedAt: '2026-12-07T03:00:00.000Z',
        revocationReason: checked.value.reason,
      });
    }
    return answer(found);
  },
  [PATHS.digitalCertUpdate]: (current, locale, request) => {
    const checked = check(digitalCertUpdateBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = certificatesOf(current).digital.find(
      (one) => one.id === String(checked.value.id),
    );
    if (!found) return refusal(404, 'notFound', locale);
    found.name = checked.value.name;
    return answer(found);
  },
  [PATHS.digitalCertDownload]: certificateFile,
  [PATHS.hardwareKeyPage]: (current, _locale, request) =>
    answer(pageOf(certificatesOf(current).hardwareKeys, request)),
  [PATHS.hardwareKeyApply]: (current, locale, request) => {
    const checked = check(hardwareKeyApplyBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const certificates = certificatesOf(current);
    const made: HardwareKeyApplication = {
      ...structuredClone(CERTIFICATE_EXAMPLES.hardwareKeyApply.answer),
      ...checked.value,
      id: String(100 + certificates.hardwareKeys.length),
      number: `HK20261207${String(100_000 + certificates.hardwareKeys.length)}`,
    };
    certificates.hardwareKeys.unshift(made);
    return answer(made);
  },
  [PATHS.communicationCertPage]: (current, _locale, request) =>
    answer(pageOf(certificatesOf(current).communication, request)),
  [PATHS.communicationCertApply]: (current, locale, request) => {
    const checked = check(communicationCertApplyBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const certificates = certificatesOf(current);
    const example = structuredClone(CERTIFICATE_EXAMPLES.communicationApply.answer);
    const party = partyOf(checked.value.accessPartyId);
    const made: CommunicationCertificate = {
      ...(checked.value.algorithm === 'SM2'
        ? structuredClone(CERTIFICATE_EXAMPLES.communicationSm2)
        : example.certificate),
      id: String(100 + certificates.communication.length),
      expiresSoon: false,
      accessParty: party ? { id: party.id, name: party.name } : null,
    };
    certificates.communication.unshift(made);
    return answer({ ...example, certificate: made });
  },
  [PATHS.communicationCertRevoke]: (current, locale, request) => {
    const checked = check(certRevokeBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = certificatesOf(current).communication.find(
      (one) => one.id === String(checked.value.id),
    );
    if (!found) return refusal(404, 'notFound', locale);
    if (found.status === 'revoked') return refusal(409, 'certificateRevokedAlready', locale);
    Object.assign(found, { status: 'revoked', revokedAt: '2026-12-07T03:00:00.000Z' });
    return answer(found);
  },
  [PATHS.communicationCertBind]: (current, locale, request) => {
    const checked = check(communicationCertBindBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = certificatesOf(current).communication.find(
      (one) => one.id === String(checked.value.id),
    );
    if (!found) return refusal(404, 'notFound', locale);
    const party = partyOf(checked.value.accessPartyId);
    found.accessParty = party ? { id: party.id, name: party.name } : null;
    return answer(found);
  },
  [PATHS.communicationCertDownload]: certificateFile,
};
