import { X509Certificate, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import type { PlatformAuthority } from '../signing/authority';
import { run, withScratch } from '../signing/testing/openssl';
import {
  SM2_DEFAULT_ID,
  generateSm2KeyPair,
  issueSm2Certificate,
  readSm2Certificate,
  sm2PrivateKeyToPem,
  sm2PublicKeyFromSpki,
  sm2PublicKeyOf,
  sm2PublicKeyToPem,
  sm2Sign,
  sm2Verify,
  sm3Hex,
} from './index';

const DISTID = `distid:${SM2_DEFAULT_ID}`;

/** `openssl pkeyutl` over the raw message with SM3 and the default distinguishing ID. */
const pkeyutl = (...args: string[]) =>
  run('openssl', ['pkeyutl', '-rawin', '-digest', 'sm3', '-pkeyopt', DISTID, ...args]);

describe('SM2 over SM3 with sm-crypto-v2, checked against OpenSSL 3', () => {
  it('hashes with SM3 as GB/T 32905 says (its example "abc")', () => {
    expect(sm3Hex(new TextEncoder().encode('abc'))).toBe(
      '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0',
    );
  });

  it('makes signatures that `openssl pkeyutl -verify` accepts under the default ID, and only those', async () => {
    const keys = generateSm2KeyPair();
    await withScratch(async (file) => {
      const publicPem = await file('public.pem', sm2PublicKeyToPem(keys.publicKey));
      // Many signatures: DER integers with and without a leading zero byte both come up.
      for (let i = 0; i < 12; i += 1) {
        const message = new TextEncoder().encode(`random-${i}-${'ab'.repeat(i)}`);
        const signature = sm2Sign(message, keys);
        const messageFile = await file(`m${i}`, message);
        const signatureFile = await file(`s${i}`, signature);
        const { stdout } = await pkeyutl(
          '-verify',
          '-pubin',
          '-inkey',
          publicPem,
          '-in',
          messageFile,
          '-sigfile',
          signatureFile,
        );
        expect(stdout).toContain('Signature Verified Successfully');
      }
      // Another distinguishing ID is another signature: OpenSSL refuses it.
      const other = sm2Sign(new TextEncoder().encode('x'), keys, 'alice@example.com');
      await expect(
        pkeyutl(
          '-verify',
          '-pubin',
          '-inkey',
          publicPem,
          '-in',
          await file('x', 'x'),
          '-sigfile',
          await file('other', other),
        ),
      ).rejects.toThrow();
    });
  });

  it('verifies what OpenSSL signs with a key OpenSSL made, and refuses a changed message', async () => {
    await withScratch(async (file) => {
      const keyFile = await file('key.pem', '');
      await run('openssl', ['genpkey', '-algorithm', 'SM2', '-out', keyFile]);
      const { stdout: spkiPem } = await run('openssl', ['pkey', '-in', keyFile, '-pubout']);
      const publicKey = sm2PublicKeyFromSpki(
        Buffer.from(spkiPem.replace(/-----[^-]+-----|\s/g, ''), 'base64'),
      );
      expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
      const message = 'c0ffee'.repeat(10);
      const signatureFile = await file('sig', '');
      await pkeyutl(
        '-sign',
        '-inkey',
        keyFile,
        '-in',
        await file('m', message),
        '-out',
        signatureFile,
      );
      const signature = await readFile(signatureFile);
      const bytes = new TextEncoder().encode(message);
      expect(sm2Verify(bytes, signature, publicKey!)).toBe(true);
      expect(sm2Verify(new TextEncoder().encode(`${message}0`), signature, publicKey!)).toBe(false);
      expect(sm2Verify(bytes, signature, publicKey!, 'another-id')).toBe(false);
      expect(sm2Verify(bytes, signature.subarray(1), publicKey!)).toBe(false);
    });
  });

  it('writes private keys OpenSSL reads and signs with, and those signatures verify here', async () => {
    const keys = generateSm2KeyPair();
    expect(sm2PublicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    await withScratch(async (file) => {
      const keyFile = await file('key.pem', sm2PrivateKeyToPem(keys));
      const { stdout } = await run('openssl', ['pkey', '-in', keyFile, '-noout', '-text']);
      expect(stdout).toContain('SM2');
      const signatureFile = await file('sig', '');
      await pkeyutl(
        '-sign',
        '-inkey',
        keyFile,
        '-in',
        await file('m', 'hello'),
        '-out',
        signatureFile,
      );
      const signature = await readFile(signatureFile);
      expect(sm2Verify(new TextEncoder().encode('hello'), signature, keys.publicKey)).toBe(true);
    });
  });

  it('does not use Node’s own SM2: its signatures are made under another distinguishing ID', () => {
    const keys = generateSm2KeyPair();
    const nodeKey = createPrivateKey(sm2PrivateKeyToPem(keys));
    const signature = sign('sm3', Buffer.from('hello'), nodeKey);
    expect(sm2Verify(new TextEncoder().encode('hello'), signature, keys.publicKey)).toBe(false);
  });
});

/** A small RSA authority like the platform's (signing/authority.ts), made for the test. */
function testAuthority(): PlatformAuthority {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const subject = [{ shortName: 'CN', value: 'Test CA' }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(
    forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    forge.md.sha256.create(),
  );
  const certificatePem = forge.pki.certificateToPem(certificate);
  return { key: privateKey, certificate, certificatePem };
}

describe('certificates over SM2 keys', () => {
  it('are issued by an RSA authority, and OpenSSL and Node verify them and read the SM2 key', async () => {
    const authority = testAuthority();
    const keys = generateSm2KeyPair();
    const notBefore = new Date(Date.now() - 1000);
    const notAfter = new Date(Date.now() + 24 * 3600 * 1000);
    const issued = issueSm2Certificate(authority, {
      publicKey: keys.publicKey,
      subject: [{ shortName: 'CN', value: '王芳' }],
      notBefore,
      notAfter,
    });
    const read = readSm2Certificate(issued.der)!;
    expect(read.publicKey).toBe(keys.publicKey);
    expect(read.serial).toBe(issued.serial);
    expect(read.subject).toBe('CN=王芳');
    expect(read.notAfter.getTime()).toBe(Math.floor(notAfter.getTime() / 1000) * 1000);
    expect(read.x509.verify(new X509Certificate(authority.certificatePem).publicKey)).toBe(true);
    await withScratch(async (file) => {
      const ca = await file('ca.pem', authority.certificatePem);
      const leaf = await file('leaf.pem', issued.pem);
      const { stdout } = await run('openssl', ['verify', '-CAfile', ca, leaf]);
      expect(stdout).toContain('OK');
      const { stdout: text } = await run('openssl', ['x509', '-in', leaf, '-noout', '-text']);
      expect(text).toContain('ASN1 OID: SM2');
      expect(text).toContain('TLS Web Client Authentication');
    });
  });

  it('are read from what OpenSSL makes (an SM2-signed certificate), and an RSA one is not SM2', async () => {
    await withScratch(async (file) => {
      const keyFile = await file('key.pem', '');
      await run('openssl', ['genpkey', '-algorithm', 'SM2', '-out', keyFile]);
      const { stdout } = await run('openssl', [
        'req',
        '-x509',
        '-new',
        '-key',
        keyFile,
        '-sm3',
        '-sigopt',
        DISTID,
        '-subj',
        '/CN=Vendor key',
        '-days',
        '30',
      ]);
      const read = readSm2Certificate(stdout);
      expect(read?.subject).toBe('CN=Vendor key');
      expect(read?.publicKey).toMatch(/^04/);
    });
    expect(readSm2Certificate(testAuthority().certificatePem)).toBeNull();
    expect(readSm2Certificate(Buffer.from('not a certificate'))).toBeNull();
  });
});
