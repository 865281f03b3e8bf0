import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './route';

/**
 * What the multipart parser (@fastify/busboy) says of a body that is not a whole multipart form: a
 * Content-Type without a boundary or with one longer than the parser takes, a body that ends
 * before its closing boundary. Its errors carry no code, so their words are what tells them apart
 * from the server's own failures (a full disk stays a 500).
 */
const BROKEN_MULTIPART =
  /boundary (?:not found|required)|needle|unexpected end of multipart data|terminated early/i;

/**
 * An error met while reading an upload, as the answer it deserves: the client's broken multipart
 * body becomes 400 'uploadBroken' in the request's language; anything else is left as it is.
 */
export function uploadFailure(error: unknown): unknown {
  if (
    error instanceof Error &&
    !(error instanceof ApiError) &&
    BROKEN_MULTIPART.test(error.message)
  ) {
    return new ApiError('uploadBroken');
  }
  return error;
}

/**
 * The first part of a multipart upload, or undefined when the request is not multipart at all; a
 * body the parser cannot even begin on is refused with 400 'uploadBroken'. Whoever reads the
 * part's stream passes what it throws through `uploadFailure` too.
 */
export async function uploadedPart(request: FastifyRequest): Promise<MultipartFile | undefined> {
  if (!request.isMultipart()) return undefined;
  try {
    return await request.file();
  } catch (error) {
    throw uploadFailure(error);
  }
}
