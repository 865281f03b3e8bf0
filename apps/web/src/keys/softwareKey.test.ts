import { HARDWARE_KEY_EXAMPLES, type HardwareKeyRegistered } from '@esign/platform';
import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { KeyError } from './agent';
import {
  newSoftwareKeyPair,
  readSoftwareKeyFile,
  softwareKeyAgent,
  softwareKeyDownload,
  writeSoftwareKeyFile,
} from './softwareKey';
import { base64ToBytes, bytesToHex } from './sm2';

const PIN = 'key-2026';

async function keyFile() {
  const keys = newSoftwareKeyPair();
  const registered: HardwareKeyRegistered = {
    ...HARDWARE_KEY_EXAMPLES.register.answer,
    name: 'Office laptop',
    certificate: 'MIIBdGVzdA==',
  };
  const file = await writeSoftwareKeyFile({ keys, pin: PIN, registered });
  // What the user downloads and picks again on the login page.
  const text = await softwareKeyDownload(file).blob.text();
  return { keys, registered, text };
}

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof KeyError ? error.problem : error;
  }
  return 'resolved';
};

describe('the software key', () => {
  it('keeps the private key only under its PIN, and signs with it once the PIN opens it', async () => {
    const { keys, registered, text } = await keyFile();
    expect(text).not.toContain(keys.privateKey);
    expect(softwareKeyDownload(readSoftwareKeyFile(text)).fileName).toBe('Office laptop.esignkey');
    const agent = softwareKeyAgent(readSoftwareKeyFile(text));
    const [certificate] = await agent.certificates();
    expect(certificate?.fingerprint).toBe(registered.fingerprint);
    const signer = await agent.unlock(registered.fingerprint, PIN);
    const random = 'f95cba2fb38626aa5ebaf1bf2ace4215da217e8034adf77edd751d3805a02f0d';
    const signature = bytesToHex(base64ToBytes(await signer.sign(random)));
    // SM2 over SM3 with the default distinguishing ID, DER: what the server verifies.
    expect(
      sm2.doVerifySignature(new TextEncoder().encode(random), signature, keys.publicKey, {
        der: true,
        hash: true,
        userId: '1234567812345678',
      }),
    ).toBe(true);
  });

  it('says a wrong PIN is wrong, and opens nothing with it', async () => {
    const { registered, text } = await keyFile();
    const agent = softwareKeyAgent(readSoftwareKeyFile(text));
    expect(await rejection(agent.unlock(registered.fingerprint, 'key-2027'))).toBe('wrongPin');
  });

  it('does not open a file whose public key was swapped, nor read what is not a key file', async () => {
    const { registered, text } = await keyFile();
    const swapped = JSON.parse(text) as { publicKey: string };
    swapped.publicKey = newSoftwareKeyPair().publicKey;
    const agent = softwareKeyAgent(readSoftwareKeyFile(JSON.stringify(swapped)));
    expect(await rejection(agent.unlock(registered.fingerprint, PIN))).toBe('wrongPin');
    expect(await rejection(Promise.resolve().then(() => readSoftwareKeyFile('{"a":1}')))).toBe(
      'notKeyFile',
    );
    expect(await rejection(Promise.resolve().then(() => readSoftwareKeyFile('%PDF-1.7')))).toBe(
      'notKeyFile',
    );
  });
});
