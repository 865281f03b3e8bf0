/**
 * The platform's signing authority's certificate, served to anyone (contract/nologin/
 * authority-certificate), and the signatures page's words: a reader outside the platform trusts a
 * contract's signatures once, and only once, it adds that certificate.
 */
import { X509Certificate } from 'node:crypto';
import {
  PATHS,
  apiPath,
  message,
  type ContractPdfLink,
  type ContractSignatures,
  type Locale,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformAuthority } from '../signing';
import { verifyPdfSignatures } from '../signing/verify';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  PERSON_PHONE,
  sendForSigning,
  signAs,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient } from '../test-support/templates';

describe.each(BACKENDS)('the signing authority’s certificate, on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  /** A contract party B signed: one signature under a certificate the authority issued. */
  let signed: { id: number; pdf: Uint8Array };

  beforeAll(async () => {
    cast = await signingCast(server);
    const { id } = await sendForSigning(server, cast);
    expect((await signAs(server, cast.person, PERSON_PHONE, id)).status).toBe(200);
    const link = await cast.person.get<ContractPdfLink>('contractDownloadTicket', { id });
    const pdf = new Uint8Array(
      await (await fetch(`${server.base}${link.body.data.link}`)).arrayBuffer(),
    );
    signed = { id, pdf };
  });

  const download = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${apiPath('signingAuthorityCertificate')}${query}`, { headers });

  it('serves it to anyone as PEM or DER: the reader that adds it trusts the signatures, one without it does not', async () => {
    const pem = await download('');
    expect(pem.status).toBe(200);
    expect(pem.headers.get('content-type')).toContain('application/x-pem-file');
    expect(pem.headers.get('content-disposition')).toContain('esign-platform-ca.pem');
    const pemText = await pem.text();
    expect(pemText).toMatch(/^-----BEGIN CERTIFICATE-----/);

    const cer = await download('?format=cer');
    expect(cer.status).toBe(200);
    expect(cer.headers.get('content-type')).toBe('application/pkix-cert');
    expect(cer.headers.get('content-disposition')).toContain('esign-platform-ca.cer');
    const der = Buffer.from(await cer.arrayBuffer());

    const fromPem = new X509Certificate(pemText);
    const fromDer = new X509Certificate(der);
    expect(fromDer.fingerprint256).toBe(fromPem.fingerprint256);
    expect(fromPem.ca).toBe(true);
    expect(fromPem.subject).toContain('eSign Platform CA');
    // The authority the server signs under, not another certificate.
    const authority = await platformAuthority(server.database);
    expect(fromPem.fingerprint256).toBe(
      new X509Certificate(authority.certificatePem).fingerprint256,
    );

    // As a reader outside the platform sees the contract: intact, issuer unknown …
    const outside = await verifyPdfSignatures(signed.pdf, []);
    expect(outside).toMatchObject([{ valid: true, trusted: false }]);
    // … and once the downloaded certificate is trusted, trusted.
    const trusting = await verifyPdfSignatures(signed.pdf, [fromDer.toString()]);
    expect(trusting).toMatchObject([{ valid: true, trusted: true }]);
  });

  it('refuses an unknown format in the request’s language', async () => {
    for (const lang of ['en', 'zh'] as Locale[]) {
      const answer = await download('?format=p12', { Lang: lang });
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { msg: string; success: boolean };
      expect(body.success).toBe(false);
      expect(body.msg).toContain(message('invalidValue', lang));
    }
  });

  it('says in the signatures’ words what holds, in the request’s language', async () => {
    const words = {} as Record<Locale, string>;
    for (const lang of ['en', 'zh'] as Locale[]) {
      const person = templateClient(
        server.base,
        (await login(server.base, PERSON_PHONE)).access_token,
        lang,
      );
      const answer = await person.get<ContractSignatures>('contractSignatures', { id: signed.id });
      expect(answer.status).toBe(200);
      words[lang] = answer.body.data.signatures[0]!.detail;
    }
    expect(words.en).toContain('intact');
    expect(words.en).toContain('unknown until');
    expect(words.zh).toContain('签名完整');
    expect(words.zh).toContain('签发者未知');
    for (const text of Object.values(words)) {
      expect(text).not.toContain('Certificate is Trusted');
      expect(text).toContain('eSign Platform CA');
    }
  });

  it('is in the OpenAPI document as a public call', async () => {
    const document = (await (await fetch(`${server.base}/api${PATHS.openapi}`)).json()) as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    const entry = document.paths[`/api${PATHS.signingAuthorityCertificate}`]?.get;
    expect(entry?.['x-permission']).toBe('public');
  });
});
