/**
 * PKCS#12 files (RFC 7292): made for a key handed over once (communication certificates), read
 * when a company imports its own certificate.
 *
 * Made: one builder for RSA and SM2 keys alike, with the algorithms OpenSSL 3 writes by default
 * and reads without `-legacy` — the key as a PKCS#8 shrouded key bag encrypted by Node's OpenSSL
 * (PBES2: PBKDF2 with HMAC-SHA-256, 2048 iterations, AES-256-CBC), the certificates in a plain
 * bag (they are public), and the whole under an HMAC-SHA-256 integrity MAC whose key comes from
 * PKCS#12's own derivation (node-forge's `generateKey`, over SHA-256). node-forge's
 * `toPkcs12Asn1` is not used: it takes RSA keys only and MACs with SHA-1.
 *
 * Read: node-forge's parser, which verifies the MAC (SHA-1 or SHA-2) and opens modern (PBES2,
 * AES) and legacy (RC2, 3DES) files; a key of a type forge does not know (EC, SM2) comes as its
 * PKCS#8 structure, which Node's crypto reads.
 */
import {
  X509Certificate,
  createHash,
  createPrivateKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  friendlyName: '1.2.840.113549.1.9.20',
  localKeyId: '1.2.840.113549.1.9.21',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

/** Iterations of the MAC's key derivation (OpenSSL's default; PBES2 uses Node's, the same). */
const MAC_ITERATIONS = 2048;

const node = (type: forge.asn1.Type, constructed: boolean, value: string | Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);
const sequence = (items: Asn1[]) => node(asn1.Type.SEQUENCE, true, items);
const set = (items: Asn1[]) => node(asn1.Type.SET, true, items);
const oid = (id: string) => node(asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) => node(asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const explicit = (inner: Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [inner]);
const toDer = (value: Asn1) => Buffer.from(asn1.toDer(value).getBytes(), 'binary');
const fromDer = (bytes: Buffer) => asn1.fromDer(bytes.toString('binary'));
/** A PKCS#7 ContentInfo of type data around `content`'s DER. */
const dataInfo = (content: Buffer) => sequence([oid(OID.data), explicit(octets(content))]);

/** A BMPString (UTF-16 big-endian), as friendlyName is written. */
function bmpString(text: string): Asn1 {
  const bytes = Buffer.from(text, 'utf16le').swap16();
  return node(asn1.Type.BMPSTRING, false, bytes.toString('binary'));
}

export interface Pkcs12Contents {
  /** The private key the file hands over. */
  privateKey: KeyObject;
  /** The key's certificate (DER), then its issuers' (DER). */
  certificates: Buffer[];
  /** The password, 8–32 visible ASCII characters (`isCertPassword`). */
  password: string;
  /** The name importers show for the key (friendlyName). */
  friendlyName: string;
}

/** A PKCS#12 file (DER) holding `privateKey` and `certificates`, under `password`. */
export function buildPkcs12({
  privateKey,
  certificates,
  password,
  friendlyName,
}: Pkcs12Contents): Buffer {
  const [own] = certificates;
  if (!own) throw new Error('a PKCS#12 file needs the key’s certificate');
  const attributes = set([
    sequence([oid(OID.friendlyName), set([bmpString(friendlyName)])]),
    sequence([oid(OID.localKeyId), set([octets(createHash('sha1').update(own).digest())])]),
  ]);
  const certBag = (der: Buffer, index: number) =>
    sequence([
      oid(OID.certBag),
      explicit(sequence([oid(OID.x509Certificate), explicit(octets(der))])),
      ...(index === 0 ? [attributes] : []),
    ]);
  const encryptedKey = privateKey.export({
    type: 'pkcs8',
    format: 'der',
    cipher: 'aes-256-cbc',
    passphrase: password,
  });
  const keyBag = sequence([
    oid(OID.pkcs8ShroudedKeyBag),
    explicit(fromDer(encryptedKey)),
    attributes,
  ]);
  const authenticatedSafe = toDer(
    sequence([
      dataInfo(toDer(sequence(certificates.map(certBag)))),
      dataInfo(toDer(sequence([keyBag]))),
    ]),
  );
  const salt = randomBytes(16);
  const macKey = forge.pkcs12.generateKey(
    password,
    forge.util.createBuffer(salt.toString('binary')),
    3,
    MAC_ITERATIONS,
    32,
    forge.md.sha256.create(),
  );
  const hmac = forge.hmac.create();
  hmac.start('sha256', macKey.getBytes());
  hmac.update(authenticatedSafe.toString('binary'));
  const mac = Buffer.from(hmac.digest().getBytes(), 'binary');
  return toDer(
    sequence([
      node(asn1.Type.INTEGER, false, asn1.integerToDer(3).getBytes()),
      dataInfo(authenticatedSafe),
      sequence([
        sequence([sequence([oid(OID.sha256), node(asn1.Type.NULL, false, '')]), octets(mac)]),
        octets(salt),
        node(asn1.Type.INTEGER, false, asn1.integerToDer(MAC_ITERATIONS).getBytes()),
      ]),
    ]),
  );
}

/** Why a PKCS#12 file was not read. */
export type Pkcs12Failure = 'notPkcs12' | 'wrongPassword' | 'incomplete';

export class Pkcs12Error extends Error {
  constructor(readonly failure: Pkcs12Failure) {
    super(`PKCS#12 file not read: ${failure}`);
    this.name = 'Pkcs12Error';
  }
}

/** What a PKCS#12 file held: its one private key and every certificate in it. */
export interface Pkcs12Read {
  privateKey: KeyObject;
  certificates: X509Certificate[];
}

/**
 * Opens a PKCS#12 file with `password`. Refuses what is not one (`notPkcs12`), a password that
 * does not verify its MAC or decrypt its bags (`wrongPassword`), and a file without exactly one
 * private key and at least one certificate (`incomplete`).
 */
export function readPkcs12(file: Buffer, password: string): Pkcs12Read {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  // forge re-encodes the certificates it parses, which need not give back the bytes their
  // issuers signed; told it cannot parse them, it keeps each one's ASN.1 as it is in the file.
  // (Synchronous: nothing else runs while the parser is swapped.)
  const parseCertificate = pki.certificateFromAsn1;
  try {
    pki.certificateFromAsn1 = () => {
      throw new Error('kept as read');
    };
    parsed = forge.pkcs12.pkcs12FromAsn1(fromDer(file), false, password);
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    throw new Pkcs12Error(
      /MAC could not be verified|Invalid password|decrypt/i.test(text)
        ? 'wrongPassword'
        : 'notPkcs12',
    );
  } finally {
    pki.certificateFromAsn1 = parseCertificate;
  }
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(pki.oids.pkcs8ShroudedKeyBag!), ...bags(pki.oids.keyBag!)];
  if (keyBags.length !== 1) throw new Pkcs12Error('incomplete');
  const [keyBag] = keyBags;
  let privateKey: KeyObject;
  try {
    privateKey = keyBag!.key
      ? createPrivateKey(pki.privateKeyToPem(keyBag!.key))
      : createPrivateKey({ key: toDer(keyBag!.asn1), format: 'der', type: 'pkcs8' });
  } catch {
    // A shrouded key decrypted with the wrong password is noise (for files without a MAC).
    throw new Pkcs12Error('wrongPassword');
  }
  const certificates: X509Certificate[] = [];
  for (const bag of bags(pki.oids.certBag!)) {
    const der = certificateDerOfBag(bag as unknown as { asn1?: Asn1 });
    if (!der) continue;
    try {
      certificates.push(new X509Certificate(der));
    } catch {
      throw new Pkcs12Error('notPkcs12');
    }
  }
  if (certificates.length === 0) throw new Pkcs12Error('incomplete');
  return { privateKey, certificates };
}

/** The DER of a certificate bag, as forge kept it (see `readPkcs12`). */
function certificateDerOfBag(bag: { asn1?: Asn1 }): Buffer | null {
  return bag.asn1 ? toDer(bag.asn1) : null;
}
