/**
 * The calls of a company's certificates (spec 001 §7 systemAccess/applyCert and
 * systemDigitalCertificate page, updateStatus, download, update; issue 34), and beside them the
 * platform's own that the two screens need: the communication certificates' list, revocation,
 * binding and download; a digital certificate's issue (apply) and import; hardware key
 * applications. All in the session's company (403 in the personal console).
 *
 * Who: `application:cert` for communication certificates; `cert:view` to see and download the
 * digital certificates; `cert:apply` to apply for, import, enable, disable, revoke and rename
 * them and to apply for hardware keys (the spec's one other right of the area: see CONTEXT.md).
 */
import {
  CERTIFICATE_EXAMPLES,
  PATHS,
  certDownloadQuery,
  certRevokeBody,
  communicationCertApplyBody,
  communicationCertBindBody,
  communicationCertPageQuery,
  devHardwareKeyAdvanceBody,
  digitalCertApplyBody,
  digitalCertImportBody,
  digitalCertPageQuery,
  digitalCertStatusBody,
  digitalCertUpdateBody,
  hardwareKeyApplyBody,
  hardwareKeyPageQuery,
  type CommunicationCertIssued,
  type CommunicationCertificate,
  type DigitalCertificate,
  type DigitalCertificatePage,
  type HardwareKeyApplication,
  type Page,
} from '@esign/platform';
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { contentDisposition } from '../http/content-disposition';
import { route } from '../http/route';
import { platformAuthority } from '../signing';
import {
  applyCommunicationCertificate,
  bindCommunicationCertificate,
  communicationCertificateFile,
  listCommunicationCertificates,
  revokeCommunicationCertificate,
} from './communication';
import {
  applyDigitalCertificate,
  changeDigitalCertificateStatus,
  digitalCertificateFile,
  importDigitalCertificate,
  listDigitalCertificates,
  renameDigitalCertificate,
  type CertificateFile,
} from './digital';
import {
  advanceHardwareKey,
  applyForHardwareKey,
  listHardwareKeyApplications,
} from './hardware-keys';
import { certificateOwnerOf } from './owner';

const TAG = 'blade-system';

/** Sends a certificate file (never cached: it is the company's). */
function sendFile(reply: FastifyReply, file: CertificateFile): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

export async function certificateRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, secrets } = context;

  // ---- Communication certificates (application_cert) ----

  route(app, context, {
    method: 'POST',
    path: PATHS.communicationCertApply,
    summary:
      'Issues the company a communication certificate (RSA 2048 or SM2, 1–3 years) from the platform’s authority, optionally bound to one of its access parties, and answers it with its private key in a PKCS#12 file (base64; PBES2 AES-256-CBC with PBKDF2-HMAC-SHA-256, MAC HMAC-SHA-256) under the password given (8–32 visible ASCII characters, two kinds at least). The key is in this answer only: it is never stored, so losing the file means revoking and applying again',
    tag: TAG,
    permission: 'application:cert',
    body: communicationCertApplyBody,
    example: CERTIFICATE_EXAMPLES.communicationApply,
    handler: async ({ session, body, reply }): Promise<CommunicationCertIssued> => {
      const issued = await applyCommunicationCertificate(
        database,
        certificateOwnerOf(session),
        body,
        context.now(),
      );
      void reply.header('cache-control', 'no-store');
      return issued;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.communicationCertPage,
    summary:
      'The platform’s own (for application_cert): a page of the company’s communication certificates, newest first, optionally of one state — serial, algorithm, key length, validity, state and binding (the access party)',
    tag: TAG,
    permission: 'application:cert',
    query: communicationCertPageQuery,
    example: CERTIFICATE_EXAMPLES.communicationPage,
    handler: async ({ session, query }): Promise<Page<CommunicationCertificate>> =>
      listCommunicationCertificates(database, certificateOwnerOf(session), query, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.communicationCertRevoke,
    summary:
      'The platform’s own: revokes a communication certificate of the company for good, with a reason (RFC 5280 CRLReason); the authority’s CRL lists it and the open API refuses it from then on. 409 when revoked already, 404 for another company’s',
    tag: TAG,
    permission: 'application:cert',
    body: certRevokeBody,
    example: CERTIFICATE_EXAMPLES.communicationRevoke,
    handler: async ({ session, body }): Promise<CommunicationCertificate> =>
      revokeCommunicationCertificate(database, certificateOwnerOf(session), body, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.communicationCertBind,
    summary:
      'The platform’s own: binds a communication certificate to one of the company’s access parties (400 for a party of no such id in the company), or unbinds it with null; 409 for a revoked one',
    tag: TAG,
    permission: 'application:cert',
    body: communicationCertBindBody,
    example: CERTIFICATE_EXAMPLES.communicationBind,
    handler: async ({ session, body }): Promise<CommunicationCertificate> =>
      bindCommunicationCertificate(database, certificateOwnerOf(session), body, context.now()),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.communicationCertDownload,
    summary:
      'The platform’s own: a communication certificate of the company as a file — PEM with the platform authority’s certificate after it, or the certificate alone in DER (.cer). Never a key',
    tag: TAG,
    permission: 'application:cert',
    query: certDownloadQuery,
    example: { query: CERTIFICATE_EXAMPLES.download.query },
    handler: async ({ session, query, reply }) =>
      sendFile(
        reply,
        await communicationCertificateFile(
          database,
          certificateOwnerOf(session),
          query.id,
          query.format,
          (await platformAuthority(database)).certificatePem,
        ),
      ),
  });

  // ---- Digital certificates (cert) ----

  route(app, context, {
    method: 'GET',
    path: PATHS.digitalCertPage,
    summary:
      'A page of the company’s digital certificates, newest first, optionally of one status (active, disabled, revoked, expired), each with its validity and whether it ends within 30 days; `signing` says how the company’s contracts are signed now (its active certificate, the platform’s per-signer keys when it never had one, or blocked)',
    tag: TAG,
    permission: 'cert:view',
    query: digitalCertPageQuery,
    example: CERTIFICATE_EXAMPLES.digitalPage,
    handler: async ({ session, query }): Promise<DigitalCertificatePage> =>
      listDigitalCertificates(database, certificateOwnerOf(session), query, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.digitalCertUpdateStatus,
    summary:
      'Changes a digital certificate’s status by DIGITAL_CERT_TRANSITIONS: active (the company’s signing certificate: its other active one is disabled in the same step), disabled, or revoked for good with a reason (a platform-issued one joins the authority’s CRL; signatures made before stay valid). 409 for a revoked or expired one or a move the table refuses',
    tag: TAG,
    permission: 'cert:apply',
    body: digitalCertStatusBody,
    example: CERTIFICATE_EXAMPLES.digitalStatus,
    handler: async ({ session, body }): Promise<DigitalCertificate> =>
      changeDigitalCertificateStatus(database, certificateOwnerOf(session), body, context.now()),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.digitalCertDownload,
    summary:
      'A digital certificate of the company as a file — PEM with its issuers’ certificates after it, or the certificate alone in DER (.cer). Never the key',
    tag: TAG,
    permission: 'cert:view',
    query: certDownloadQuery,
    example: { query: CERTIFICATE_EXAMPLES.download.query },
    handler: async ({ session, query, reply }) =>
      sendFile(
        reply,
        await digitalCertificateFile(database, certificateOwnerOf(session), query.id, query.format),
      ),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.digitalCertUpdate,
    summary: 'Renames a digital certificate of the company (1–50 characters)',
    tag: TAG,
    permission: 'cert:apply',
    body: digitalCertUpdateBody,
    example: CERTIFICATE_EXAMPLES.digitalUpdate,
    handler: async ({ session, body }): Promise<DigitalCertificate> =>
      renameDigitalCertificate(database, certificateOwnerOf(session), body, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.digitalCertApply,
    summary:
      'The platform’s own: the platform’s authority issues the company a signing certificate (RSA 2048, 1–3 years, CN and O the company’s full name, organizationIdentifier its credit code); its key is kept sealed. Active when the company has no active certificate in force, disabled otherwise',
    tag: TAG,
    permission: 'cert:apply',
    body: digitalCertApplyBody,
    example: CERTIFICATE_EXAMPLES.digitalApply,
    handler: async ({ session, body }): Promise<DigitalCertificate> =>
      applyDigitalCertificate(database, secrets, certificateOwnerOf(session), body, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.digitalCertImport,
    summary:
      'The platform’s own: imports the company’s signing certificate from a PKCS#12 file (base64, at most 64 KB) with its password. Refused (400, in the request’s language): not a PKCS#12 file, a wrong password, not exactly one key with its certificate, a key that does not match, expired or not yet valid, not RSA of 2048 bits or more, a key usage that does not sign; 409 when the company has it already. The key is kept sealed, the certificate and its chain as they were',
    tag: TAG,
    permission: 'cert:apply',
    body: digitalCertImportBody,
    bodyLimit: 256 * 1024,
    example: CERTIFICATE_EXAMPLES.digitalImport,
    handler: async ({ session, body }): Promise<DigitalCertificate> =>
      importDigitalCertificate(database, secrets, certificateOwnerOf(session), body, context.now()),
  });

  // ---- Hardware keys ----

  route(app, context, {
    method: 'POST',
    path: PATHS.hardwareKeyApply,
    summary:
      'Applies for hardware keys for the company (1–20, a contact, phone and address to send them to); recorded as applied, then issued, shipped (with a tracking number) or rejected (with a reason) by the key vendor’s operator',
    tag: TAG,
    permission: 'cert:apply',
    body: hardwareKeyApplyBody,
    example: CERTIFICATE_EXAMPLES.hardwareKeyApply,
    handler: async ({ session, body }): Promise<HardwareKeyApplication> =>
      applyForHardwareKey(database, certificateOwnerOf(session), body, context.now()),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.hardwareKeyPage,
    summary: 'A page of the company’s hardware key applications, newest first, with their states',
    tag: TAG,
    permission: 'cert:view',
    query: hardwareKeyPageQuery,
    example: CERTIFICATE_EXAMPLES.hardwareKeyPage,
    handler: async ({ session, query }): Promise<Page<HardwareKeyApplication>> =>
      listHardwareKeyApplications(database, certificateOwnerOf(session), query),
  });

  if (!context.development) return;

  route(app, context, {
    method: 'POST',
    path: PATHS.devHardwareKeyAdvance,
    summary:
      'Development only: issues, ships (with a made-up tracking number) or rejects a hardware key application of the session’s company as the vendor’s operator would, for testers; 409 where its state does not allow it',
    tag: 'dev',
    permission: 'cert:apply',
    body: devHardwareKeyAdvanceBody,
    example: CERTIFICATE_EXAMPLES.hardwareKeyAdvance,
    handler: async ({ session, body }): Promise<HardwareKeyApplication> =>
      advanceHardwareKey(
        database,
        body.id,
        {
          event: body.event,
          trackingNumber: `DEV${String(randomInt(1_000_000_000)).padStart(9, '0')}`,
          reason: 'Rejected by a tester (development)',
        },
        certificateOwnerOf(session),
      ),
  });
}
