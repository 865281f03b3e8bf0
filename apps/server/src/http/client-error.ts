import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CODES, fail, message, type Locale } from '@esign/platform';

/**
 * The language of a request the parser refused: its `Lang` header as `requestLocale` reads it,
 * found in the bytes received so far (English when they hold none).
 */
function refusedLocale(rawPacket: unknown): Locale {
  const received = Buffer.isBuffer(rawPacket) ? rawPacket.toString('latin1') : '';
  return /^lang:[ \t]*zh/im.test(received) ? 'zh' : 'en';
}

/**
 * Answers requests Node's HTTP parser refuses before Fastify sees them (headers or a query string
 * over 16 KB → 431; a malformed request line, or a header holding NUL or another control
 * character → 400) with the same JSON envelope as every other error, instead of Node's empty
 * answer, in the language its `Lang` header asks for.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : CODES.badRequest;
  const body = JSON.stringify(
    fail(
      status,
      message(
        status === 431 ? 'requestTooLarge' : 'requestException',
        refusedLocale(error.rawPacket),
      ),
    ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
