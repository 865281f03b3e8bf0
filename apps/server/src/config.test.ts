import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('the server configuration', () => {
  it('takes an external timestamp authority from TSA_URL, and refuses to start with one that is no http(s) address', () => {
    expect(readConfig({}, []).tsaUrl).toBeUndefined();
    expect(readConfig({ TSA_URL: 'http://timestamp.example.com/tsa' }, []).tsaUrl).toBe(
      'http://timestamp.example.com/tsa',
    );
    expect(() => readConfig({ TSA_URL: 'timestamp.example.com' }, [])).toThrow(
      /TSA_URL must be the http\(s\) address/,
    );
    expect(() => readConfig({ TSA_URL: 'ftp://timestamp.example.com/' }, [])).toThrow(
      /TSA_URL must be an http or https address/,
    );
  });

  it('takes the public address from PUBLIC_URL without a trailing slash', () => {
    expect(readConfig({}, []).publicUrl).toBeUndefined();
    expect(readConfig({ PUBLIC_URL: 'https://esign.example.com/' }, []).publicUrl).toBe(
      'https://esign.example.com',
    );
    expect(() => readConfig({ PUBLIC_URL: 'esign.example.com' }, [])).toThrow(/PUBLIC_URL/);
  });

  it('allows private callback addresses only when ALLOW_PRIVATE_CALLBACKS says so', () => {
    expect(readConfig({}, []).allowPrivateCallbacks).toBe(false);
    expect(readConfig({ ALLOW_PRIVATE_CALLBACKS: '0' }, []).allowPrivateCallbacks).toBe(false);
    expect(readConfig({ ALLOW_PRIVATE_CALLBACKS: '1' }, []).allowPrivateCallbacks).toBe(true);
  });

  it('gives a stop SHUTDOWN_TIMEOUT_MS, 25 s unless set, and refuses what is no whole number', () => {
    expect(readConfig({}, []).shutdownTimeoutMs).toBe(25_000);
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }, []).shutdownTimeoutMs).toBe(5000);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: '25s' }, [])).toThrow(
      'SHUTDOWN_TIMEOUT_MS must be a whole number, not 25s',
    );
  });
});
