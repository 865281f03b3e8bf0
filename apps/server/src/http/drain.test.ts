import type { UploadedFile } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import { uploadStream } from '../test-support/uploads';

describe.each(BACKENDS)('graceful shutdown on $name', (backend) => {
  const server = useTestServer(backend);

  it('finishes a request in flight, then stops at once', async () => {
    const { access_token } = await login(server.base);
    // An upload that takes about a second to arrive.
    const upload = uploadStream(server.base, access_token, {
      head: '%PDF-1.7\n',
      size: 40 * 16 * 1024,
      chunkBytes: 16 * 1024,
      pauseMs: 25,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const closed = server.app.close().then(() => Date.now() - started);

    const answer = await upload;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: UploadedFile }).data.contentType).toBe(
      'application/pdf',
    );
    // Not the keep-alive timeout of the answered connection (72 s).
    expect(await closed).toBeLessThan(5_000);
  });
});
