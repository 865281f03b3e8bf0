/**
 * PAdES B-T through contract/sign with an external timestamp authority (TSA_URL): OpenSSL's own
 * RFC 3161 server on 127.0.0.1 stamps each signature, and OpenSSL verifies the token against that
 * authority's CA; an authority that does not answer, or refuses, fails the signature in the
 * signer's language with nothing changed and the confirmation still good (issue 31).
 */
import type { ContractActed, ContractPdfLink } from '@esign/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteTimestamps, verifyContractPdf, type TimestampAuthority } from '../signing';
import { run, withScratch } from '../signing/testing/openssl';
import { dssOf, signaturesOf, timestampOf } from '../signing/testing/pdfSignatures';
import { startOpenSslTsa, startSilentServer, type OpenSslTsa } from '../signing/testing/opensslTsa';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  PERSON_PHONE,
  sealFor,
  sendForSigning,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient, type TemplateClient } from '../test-support/templates';

describe.each(BACKENDS)('signatures stamped by an external authority on $name', (backend) => {
  /** The authority the app asks, changed by each test: TSA_URL pointing elsewhere. */
  let current: TimestampAuthority;
  const switchable: TimestampAuthority = {
    name: 'switchable',
    tokenBytes: 8192,
    stamp: (imprint) => current.stamp(imprint),
    certificates: () => current.certificates(),
  };
  const server = useTestServer(backend, { timestamps: switchable });
  let granting: OpenSslTsa;
  let refusing: OpenSslTsa;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let cast: SigningCast;
  let personZh: TemplateClient;

  beforeAll(async () => {
    [granting, refusing, silent] = await Promise.all([
      startOpenSslTsa(),
      startOpenSslTsa({ status: 'rejection' }),
      startSilentServer(),
    ]);
    cast = await signingCast(server);
    personZh = templateClient(
      server.base,
      (await login(server.base, PERSON_PHONE)).access_token,
      'zh',
    );
  });
  afterAll(() => Promise.all([granting.stop(), refusing.stop(), silent.stop()]));

  const counts = async (id: number) => {
    const [row] = await server.database.query<{ files: number; entries: number; signed: number }>(
      `SELECT (SELECT count(*)::int FROM contract_files WHERE contract_id = $1) AS files,
              (SELECT count(*)::int FROM audit_entries WHERE contract_id = $1) AS entries,
              (SELECT count(*)::int FROM contract_participants
                WHERE contract_id = $1 AND signed_at IS NOT NULL) AS signed`,
      [id],
    );
    return row!;
  };

  const latestPdf = async (id: number) => {
    const link = await cast.person.get<ContractPdfLink>('contractDownloadTicket', { id });
    expect(link.status).toBe(200);
    return new Uint8Array(
      await (await fetch(`${server.base}${link.body.data.link}`)).arrayBuffer(),
    );
  };

  it('stamps each signature with the external authority’s token, which OpenSSL verifies against that authority', async () => {
    current = remoteTimestamps(granting.url);
    const { id } = await sendForSigning(server, cast);
    const before = granting.answered();
    for (const [client, phone] of [
      [cast.admin, '13800000002'],
      [cast.person, PERSON_PHONE],
    ] as const) {
      const ticket = await signTicketFor(server, client, phone, id);
      const signed = await client.post<ContractActed>('contractSign', {
        id,
        sealId: await sealFor(client, id),
        ticket,
      });
      expect(signed.body.msg).toBe('success');
    }
    // One token over a random imprint to learn the authority's certificates (for the /DSS), then
    // one for each signature.
    expect(granting.answered() - before).toBe(3);

    const pdf = await latestPdf(id);
    expect(await verifyContractPdf(server.database, pdf)).toMatchObject([
      { valid: true, trusted: true },
      { valid: true, trusted: true, coversWholeDocument: true },
    ]);
    // B-LT: the external authority's certificate travels in the file's /DSS.
    const tsaCertificate = Buffer.from(
      granting.tsaCertificatePem.replace(/-----[^-]+-----|\s/g, ''),
      'base64',
    );
    expect((await dssOf(pdf)).certificates.some((der) => der.equals(tsaCertificate))).toBe(true);
    await withScratch(async (file) => {
      const ca = await file('tsa-ca.pem', granting.caPem);
      for (const [index, { cms }] of signaturesOf(pdf).entries()) {
        const stamp = timestampOf(cms);
        const { stdout } = await run('openssl', [
          'ts',
          '-verify',
          '-data',
          await file(`value-${index}.bin`, stamp.signatureValue),
          '-in',
          await file(`token-${index}.der`, stamp.token),
          '-token_in',
          '-CAfile',
          ca,
        ]);
        expect(stdout).toMatch(/Verification: OK/);
      }
    });
  });

  it('refuses to sign when the authority does not answer or refuses, changing nothing, and signs with the same code once it answers', async () => {
    const { id } = await sendForSigning(server, cast);
    const ticket = await signTicketFor(server, personZh, PERSON_PHONE, id);
    const sealId = await sealFor(personZh, id);
    const before = await counts(id);

    current = remoteTimestamps(silent.url, { timeoutMs: 500 });
    const unanswered = await personZh.post('contractSign', { id, sealId, ticket });
    expect(unanswered.status).toBe(503);
    expect(unanswered.body).toMatchObject({
      success: false,
      msg: '时间戳服务未响应，本次未签署，请稍后重试',
      data: { reason: 'unreachable' },
    });
    expect(await counts(id)).toEqual(before);

    current = remoteTimestamps(refusing.url);
    const refused = await cast.person.post('contractSign', { id, sealId, ticket });
    expect(refused.status).toBe(503);
    expect(refused.body.msg).toMatch(/^The timestamp service refused to stamp the signature/);
    expect(await counts(id)).toEqual(before);

    // The confirmation was never spent: the same ticket signs once the authority answers.
    current = remoteTimestamps(granting.url);
    const signed = await personZh.post<ContractActed>('contractSign', { id, sealId, ticket });
    expect(signed.status).toBe(200);
    expect(await counts(id)).toMatchObject({ signed: before.signed + 1 });
  });
});
