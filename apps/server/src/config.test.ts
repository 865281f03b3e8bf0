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

  it('stores files in the bucket S3_BUCKET names, with the other S3_* variables, and in DATA_DIR without it', () => {
    expect(readConfig({}, []).s3).toBeUndefined();
    expect(
      readConfig(
        {
          S3_ENDPOINT: 'http://127.0.0.1:9000/',
          S3_BUCKET: 'esign-files',
          S3_REGION: 'cn-north-1',
          S3_ACCESS_KEY_ID: 'id',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_FORCE_PATH_STYLE: '1',
        },
        [],
      ).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'esign-files',
      region: 'cn-north-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS itself: its own endpoint, us-east-1 unless told, the SDK's credentials (an instance role).
    expect(readConfig({ S3_BUCKET: 'esign-files' }, []).s3).toEqual({
      endpoint: undefined,
      bucket: 'esign-files',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses to start with an incomplete or malformed S3_* set, saying what is wrong', () => {
    const bucket = { S3_BUCKET: 'esign-files' };
    expect(() => readConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }, [])).toThrow(
      'S3_ENDPOINT is set without S3_BUCKET',
    );
    expect(() => readConfig({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' }, [])).toThrow(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set without S3_BUCKET',
    );
    expect(() => readConfig({ ...bucket, S3_ACCESS_KEY_ID: 'id' }, [])).toThrow(
      'S3_ACCESS_KEY_ID is set without S3_SECRET_ACCESS_KEY',
    );
    expect(() => readConfig({ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' }, [])).toThrow(
      'S3_SECRET_ACCESS_KEY is set without S3_ACCESS_KEY_ID',
    );
    expect(() => readConfig({ S3_BUCKET: 'esign files/' }, [])).toThrow(
      'S3_BUCKET must be a bucket name',
    );
    expect(() => readConfig({ ...bucket, S3_ENDPOINT: '127.0.0.1:9000' }, [])).toThrow(
      /S3_ENDPOINT must be/,
    );
    expect(() => readConfig({ ...bucket, S3_REGION: 'us east' }, [])).toThrow(
      'S3_REGION must be a region name',
    );
    expect(() => readConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'path' }, [])).toThrow(
      'S3_FORCE_PATH_STYLE must be 1 or 0, not path',
    );
  });

  it('gives a stop SHUTDOWN_TIMEOUT_MS, 25 s unless set, and refuses what is no whole number', () => {
    expect(readConfig({}, []).shutdownTimeoutMs).toBe(25_000);
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }, []).shutdownTimeoutMs).toBe(5000);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: '25s' }, [])).toThrow(
      'SHUTDOWN_TIMEOUT_MS must be a whole number, not 25s',
    );
  });

  it('serves the metrics at METRICS_PATH outside /api, /metrics unless set, behind METRICS_TOKEN if given', () => {
    expect(readConfig({}, [])).toMatchObject({ metricsPath: '/metrics', metricsToken: undefined });
    expect(
      readConfig({ METRICS_PATH: '/internal/metrics', METRICS_TOKEN: 'scrape-me' }, []),
    ).toMatchObject({ metricsPath: '/internal/metrics', metricsToken: 'scrape-me' });
    expect(() => readConfig({ METRICS_PATH: '/api/metrics' }, [])).toThrow(
      'METRICS_PATH must be outside /api, not /api/metrics',
    );
    for (const wrong of ['metrics', '/', '/metrics/', '/metrics?x=1']) {
      expect(() => readConfig({ METRICS_PATH: wrong }, [])).toThrow(
        `METRICS_PATH must be a path such as /metrics, not ${wrong}`,
      );
    }
  });

  it('logs from LOG_LEVEL, info unless set, and refuses a level pino does not have', () => {
    expect(readConfig({}, []).logLevel).toBe('info');
    expect(readConfig({ LOG_LEVEL: 'DEBUG' }, []).logLevel).toBe('debug');
    expect(() => readConfig({ LOG_LEVEL: 'verbose' }, [])).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not verbose',
    );
  });
});
