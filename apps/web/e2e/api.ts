/**
 * The API called straight from a test with the page's session, as the web app calls it: for the
 * steps a journey needs that its screens do not offer yet, and for checking what they stored.
 */
import { CLIENT_ID, CLIENT_SECRET, DEFAULT_TENANT_ID, type Envelope } from '@esign/platform';
import type { Page } from 'playwright';
import { expect } from 'vitest';
import { stored } from './browser';

/** A file for a multipart field. */
export interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Calls the API with the page's session: GET without `data`, POST with a JSON body, or a
 * multipart POST with `multipart`. Fails the test unless the envelope says success.
 */
export async function api<T>(
  page: Page,
  url: string,
  data?: unknown,
  multipart?: Record<string, FilePart>,
): Promise<T> {
  const headers = {
    Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    'Tenant-Id': DEFAULT_TENANT_ID,
    'Blade-Auth': `bearer ${await stored(page, 'token')}`,
    'Company-Auth': (await stored(page, 'Company-Auth')) ?? '',
  };
  const response = multipart
    ? await page.request.post(url, { headers, multipart })
    : data === undefined
      ? await page.request.get(url, { headers })
      : await page.request.post(url, { headers, data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}
