/**
 * The files a company would import, made for tests by the openssl command (a test authority, a
 * signing certificate it issued, in a modern and a legacy PKCS#12 file) and the bad ones the
 * import refuses.
 */
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import forge from 'node-forge';
import { run, type ScratchFile } from '../signing/testing/openssl';
import { buildPkcs12 } from './pkcs12';

/** The password of every file here. */
export const IMPORT_PASSWORD = 'Import#2026';

export interface ImportFiles {
  caPem: string;
  good: Buffer;
  legacy: Buffer;
  ec: Buffer;
  expired: Buffer;
  noSigning: Buffer;
  mismatched: Buffer;
}

export async function makeImportFiles(file: ScratchFile): Promise<ImportFiles> {
  const openssl = (...args: string[]) => run('openssl', args);
  const caKey = await file('ca.key', '');
  const caPem = await file('ca.pem', '');
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    caKey,
    '-out',
    caPem,
    '-subj',
    '/CN=Test Enterprise CA/O=Test Trust',
    '-days',
    '3650',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  const leaf = async (name: string, usage: string, key = ['-newkey', 'rsa:2048']) => {
    const keyFile = await file(`${name}.key`, '');
    const csr = await file(`${name}.csr`, '');
    const cert = await file(`${name}.pem`, '');
    const ext = await file(`${name}.ext`, `keyUsage=critical,${usage}\n`);
    await openssl(
      'req',
      ...key,
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      csr,
      '-subj',
      '/CN=Demo Technology Co., Ltd./O=Demo Technology Co., Ltd./C=CN',
    );
    await openssl(
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      caPem,
      '-CAkey',
      caKey,
      '-CAcreateserial',
      '-out',
      cert,
      '-days',
      '365',
      '-extfile',
      ext,
    );
    return { keyFile, cert };
  };
  const p12 = async (name: string, keyFile: string, cert: string, legacy = false) => {
    const out = await file(`${name}.p12`, '');
    await openssl(
      'pkcs12',
      '-export',
      ...(legacy ? ['-legacy'] : []),
      '-inkey',
      keyFile,
      '-in',
      cert,
      '-certfile',
      caPem,
      '-passout',
      `pass:${IMPORT_PASSWORD}`,
      '-out',
      out,
    );
    return readFile(out);
  };
  const signing = await leaf('signing', 'digitalSignature,nonRepudiation');
  const tls = await leaf('tls', 'keyEncipherment');
  const ec = await leaf('ec', 'digitalSignature', [
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
  ]);
  // A certificate that ended yesterday (the command cannot date one in the past: forge can).
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const old = forge.pki.createCertificate();
  old.publicKey = keys.publicKey;
  old.serialNumber = '0a1b2c';
  old.validity.notBefore = new Date(Date.now() - 400 * 86_400_000);
  old.validity.notAfter = new Date(Date.now() - 86_400_000);
  old.setSubject([{ shortName: 'CN', value: 'Expired Co.' }]);
  old.setIssuer([{ shortName: 'CN', value: 'Expired Co.' }]);
  old.sign(keys.privateKey, forge.md.sha256.create());
  const oldKey = await file('old.key', forge.pki.privateKeyToPem(keys.privateKey));
  const oldCert = await file('old.pem', forge.pki.certificateToPem(old));
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    caPem: await readFile(caPem, 'utf8'),
    good: await p12('good', signing.keyFile, signing.cert),
    legacy: await p12('legacy', signing.keyFile, signing.cert, true),
    ec: await p12('ec', ec.keyFile, ec.cert),
    expired: await p12('expired', oldKey, oldCert),
    noSigning: await p12('tls', tls.keyFile, tls.cert),
    // OpenSSL refuses to write a key with another's certificate: the platform's builder does.
    mismatched: buildPkcs12({
      privateKey: other.privateKey,
      certificates: [new X509Certificate(await readFile(signing.cert)).raw],
      password: IMPORT_PASSWORD,
      friendlyName: 'mismatched',
    }),
  };
}
