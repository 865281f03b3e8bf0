import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretBoxKey, secretBox, SecretBoxError } from './secret-box';

describe('the secret box', () => {
  const box = secretBox(randomBytes(32));

  it('gives back what it sealed, and the sealed text holds none of it', () => {
    const sealed = box.seal('access-secret', 'sk_live_very_secret');
    expect(sealed).not.toContain('very_secret');
    expect(box.openText('access-secret', sealed)).toBe('sk_live_very_secret');
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(box.seal('access-secret', 'sk_live_very_secret')).not.toBe(sealed);
  });

  it('refuses another label, another key and a changed text', () => {
    const sealed = box.seal('access-secret', 'abc');
    expect(() => box.open('callback-secret', sealed)).toThrow(SecretBoxError);
    expect(() => secretBox(randomBytes(32)).open('access-secret', sealed)).toThrow(SecretBoxError);
    const [prefix, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open('access-secret', [prefix, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow(SecretBoxError);
    expect(() => box.open('access-secret', 'not sealed')).toThrow(SecretBoxError);
  });

  it('reads SECRET_BOX_KEY as 32 bytes of base64 and refuses anything else', () => {
    expect(parseSecretBoxKey(undefined)).toBeUndefined();
    expect(parseSecretBoxKey(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(() => parseSecretBoxKey('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});
