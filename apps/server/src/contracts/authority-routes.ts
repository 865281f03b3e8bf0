/**
 * contract/nologin/authority-certificate: the certificate of the platform's signing authority,
 * which issued every signer's certificate. Readers outside the platform (Acrobat, pdfsig, the
 * operating system's viewers) call a contract's signatures' issuer unknown until the reader adds
 * it to its trusted certificates; the signatures page offers it with how to. Public: it is what
 * anyone needs to check a contract they were sent, and it holds nothing secret.
 *
 * contract/nologin/authority-crl: that authority's CRL now (DER, RFC 5280), listing the
 * certificates it revoked; each signed file carries the CRL of its signing time in its /DSS.
 */
import { X509Certificate } from 'node:crypto';
import { PATHS, authorityCertificateQuery } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { contentDisposition } from '../http/content-disposition';
import { route } from '../http/route';
import { certificateRevocationList, platformAuthority } from '../signing';
import { SIGN_EXAMPLES } from './sign-examples';

/** The downloaded file's name, without its extension. */
const FILE_NAME = 'esign-platform-ca';

export function signingAuthorityRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, {
    method: 'GET',
    path: PATHS.signingAuthorityCertificate,
    example: SIGN_EXAMPLES.authorityCertificate,
    summary:
      'The platform’s signing authority’s certificate, to add to a PDF reader’s or the system’s trusted certificates so that readers outside the platform recognise the contracts’ signatures: format pem (text, the default) or cer (DER, as Windows opens it)',
    tag: 'sicpay-contract',
    permission: 'public',
    query: authorityCertificateQuery,
    handler: async ({ query, reply }) => {
      const { certificatePem } = await platformAuthority(context.database);
      const file =
        query.format === 'cer'
          ? { type: 'application/pkix-cert', body: new X509Certificate(certificatePem).raw }
          : { type: 'application/x-pem-file', body: Buffer.from(certificatePem, 'utf8') };
      return reply
        .type(file.type)
        .header('content-length', String(file.body.byteLength))
        .header(
          'content-disposition',
          contentDisposition('attachment', `${FILE_NAME}.${query.format}`),
        )
        .header('cache-control', 'public, max-age=3600')
        .send(file.body);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.signingAuthorityCrl,
    summary:
      'The platform’s signing authority’s certificate revocation list now (DER, application/pkix-crl, valid a week): the signers’ and signatures’ certificates it revoked',
    tag: 'sicpay-contract',
    permission: 'public',
    handler: async ({ reply }) => {
      const crl = await certificateRevocationList(context.database);
      return reply
        .type('application/pkix-crl')
        .header('content-length', String(crl.byteLength))
        .header('content-disposition', contentDisposition('attachment', `${FILE_NAME}.crl`))
        .header('cache-control', 'public, max-age=600')
        .send(crl);
    },
  });
}
