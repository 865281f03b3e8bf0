/**
 * Revoking a signer (issue 31): an operator revokes the keys of an account that signed; the
 * platform CA's CRL, served publicly, then names the certificate the signature was made under,
 * and the account signs nothing more, told why in its language, with nothing changed.
 */
import { PATHS, type ContractActed, type ContractPdfLink } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { revokeAccountSigners } from '../signing/revocation';
import { run, withScratch } from '../signing/testing/openssl';
import { certificateOf, derOfCertificate, signaturesOf } from '../signing/testing/pdfSignatures';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  PERSON_PHONE,
  sealFor,
  sendForSigning,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient } from '../test-support/templates';

const PUBLIC_URL = 'https://esign.example.com';

describe.each(BACKENDS)('revoking a signer on $name', (backend) => {
  const server = useTestServer(backend, { publicUrl: PUBLIC_URL });
  let cast: SigningCast;

  beforeAll(async () => {
    cast = await signingCast(server);
  });

  const downloadLatest = async (id: number) => {
    const link = await cast.person.get<ContractPdfLink>('contractDownloadTicket', { id });
    expect(link.status).toBe(200);
    return new Uint8Array(
      await (await fetch(`${server.base}${link.body.data.link}`)).arrayBuffer(),
    );
  };

  const crlText = async () => {
    const response = await fetch(`${server.base}/api${PATHS.signingAuthorityCrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pkix-crl');
    const crl = new Uint8Array(await response.arrayBuffer());
    return withScratch(
      async (file) =>
        (
          await run('openssl', [
            'crl',
            '-inform',
            'DER',
            '-in',
            await file('ca.crl', crl),
            '-noout',
            '-text',
          ])
        ).stdout,
    );
  };

  it('names the served CRL in each signature’s certificate, lists the revoked signature’s certificate there, and refuses the account’s next signature in its language', async () => {
    expect(
      await revokeAccountSigners(server.database, { phone: '13999999999' }, 'unspecified'),
    ).toBe(null);
    const first = await sendForSigning(server, cast);
    const ticket = await signTicketFor(server, cast.person, PERSON_PHONE, first.id);
    const signed = await cast.person.post<ContractActed>('contractSign', {
      id: first.id,
      sealId: await sealFor(cast.person, first.id),
      ticket,
    });
    expect(signed.status).toBe(200);
    const [file] = await server.database.query<{ certificate_serial: string }>(
      `SELECT certificate_serial FROM contract_files WHERE contract_id = $1 AND party = 'B'`,
      [first.id],
    );
    const serial = file!.certificate_serial.toUpperCase();
    // The signature's certificate names where the CRL is served (PUBLIC_URL's).
    const pdf = await downloadLatest(first.id);
    const certificate = derOfCertificate(certificateOf(signaturesOf(pdf).at(-1)!.cms));
    const { stdout } = await withScratch(async (file) =>
      run('openssl', [
        'x509',
        '-inform',
        'DER',
        '-in',
        await file('signer.der', certificate),
        '-noout',
        '-text',
      ]),
    );
    expect(stdout).toContain('X509v3 CRL Distribution Points');
    expect(stdout).toContain(`URI:${PUBLIC_URL}/api${PATHS.signingAuthorityCrl}`);
    expect((await crlText()).toUpperCase()).not.toContain(serial);

    const revoked = await revokeAccountSigners(
      server.database,
      { phone: PERSON_PHONE },
      'keyCompromise',
    );
    expect(revoked).toEqual([{ signerId: `user:${cast.personId}`, certificates: 2 }]);
    const listed = await crlText();
    expect(listed.toUpperCase()).toContain(serial);
    expect(listed).toMatch(/Key Compromise/);

    const second = await sendForSigning(server, cast);
    const personZh = templateClient(
      server.base,
      (await login(server.base, PERSON_PHONE)).access_token,
      'zh',
    );
    const before = await server.database.query(
      'SELECT count(*)::int AS n FROM contract_files WHERE contract_id = $1',
      [second.id],
    );
    const refused = await personZh.post('contractSign', {
      id: second.id,
      sealId: await sealFor(personZh, second.id),
      ticket: await signTicketFor(server, personZh, PERSON_PHONE, second.id),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('您的签名证书已被吊销，无法签署，请联系平台');
    expect(
      await server.database.query(
        'SELECT count(*)::int AS n FROM contract_files WHERE contract_id = $1',
        [second.id],
      ),
    ).toEqual(before);
  });
});
