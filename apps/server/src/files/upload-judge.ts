import { Transform, type TransformCallback } from 'node:stream';
import { UPLOAD_LIMIT_BYTES, createDocumentSniffer, type DocumentType } from '@esign/platform';
import { ApiError } from '../http/route';

/**
 * Passes an upload through on its way to storage while judging it: fails the stream, and so the
 * write, as soon as the content is not a PDF, DOC or DOCX or grows past 100 MB. Holds no more than
 * the first KB of it.
 */
export class UploadJudge extends Transform {
  /** Bytes passed so far. */
  size = 0;
  /** What the content is, once the stream has ended without failing. */
  type: DocumentType | null = null;
  readonly #sniffer = createDocumentSniffer();

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > UPLOAD_LIMIT_BYTES) return callback(new ApiError('uploadSize'));
    if (this.#sniffer.push(chunk) === null) return callback(new ApiError('uploadType'));
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.type = this.#sniffer.end();
    callback(this.type ? null : new ApiError('uploadType'));
  }
}
