import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CODES, fail, message } from '@esign/platform';

/**
 * Answers requests Node's HTTP parser refuses before Fastify sees them (headers or a query string
 * over 16 KB → 431, a malformed request line → 400) with the same JSON envelope as every other
 * error, instead of Node's empty answer. The headers were not read, so the text is English.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : CODES.badRequest;
  const body = JSON.stringify(
    fail(status, message(status === 431 ? 'requestTooLarge' : 'requestException', 'en')),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
