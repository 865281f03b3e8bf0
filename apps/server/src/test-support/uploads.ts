import { PATHS, type UploadedFile } from '@esign/platform';

export interface StreamedFile {
  /** The first bytes of the file, e.g. `%PDF-1.7\n`. */
  head: string;
  /** Then this many bytes of filler, made as they are sent (never held whole)… */
  size: number;
  /** …in chunks of this size… */
  chunkBytes: number;
  /** …each after this pause (a slow client). */
  pauseMs?: number;
}

/**
 * Uploads a generated file as a streamed multipart body (field `file`, name big.pdf), as a browser
 * sends a large one: gives the server's response.
 */
export function uploadStream(
  base: string,
  token: string,
  { head, size, chunkBytes, pauseMs = 0 }: StreamedFile,
): Promise<Response> {
  const boundary = 'streamed-upload-boundary';
  const encoder = new TextEncoder();
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
            `Content-Type: application/pdf\r\n\r\n${head}`,
        ),
      );
    },
    async pull(controller) {
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      if (sent < size) {
        controller.enqueue(chunk.subarray(0, Math.min(chunkBytes, size - sent)));
        sent += chunkBytes;
      } else {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      }
    },
  });
  return fetch(`${base}/api${PATHS.upload}`, {
    method: 'POST',
    headers: {
      'Blade-Auth': `bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
  } as RequestInit);
}

/** Uploads a file (multipart field `file`) as the web app does; gives the status and envelope. */
export async function uploadFile(
  base: string,
  token: string,
  bytes: Uint8Array,
  name: string,
): Promise<{ status: number; body: { code: number; data: UploadedFile; msg: string } }> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${base}/api${PATHS.upload}`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as never };
}
