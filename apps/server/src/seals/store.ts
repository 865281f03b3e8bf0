/**
 * Where seal images live: each PNG in storage under `seals/<tenant>/<uuid>.png`, named in its row by
 * `image_id` (the random id its link carries) and `storage_key`. Shared by personal and company seals
 * and by signing, which stamps the stored bytes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { apiPath } from '@esign/platform';
import type { Storage } from '../storage';

/** A seal's PNG as stored and stamped. */
export interface SealPng {
  png: Uint8Array;
  width: number;
  height: number;
  sha256: string;
}

/** Where a stored seal image is: its link's random id and its storage key. */
export interface StoredSealImage {
  imageId: string;
  storageKey: string;
}

/** Stores a seal's PNG under a new random name. */
export async function storeSealImage(
  storage: Storage,
  tenantId: string,
  image: SealPng,
): Promise<StoredSealImage> {
  const imageId = randomUUID();
  const storageKey = `seals/${tenantId.replace(/[^A-Za-z0-9_-]/g, '_')}/${imageId}.png`;
  await storage.put(storageKey, Readable.from([Buffer.from(image.png)]));
  return { imageId, storageKey };
}

/** A stored seal's PNG bytes. */
export async function readSealImage(storage: Storage, storageKey: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(storageKey) as AsyncIterable<Buffer>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The link under /api that answers a seal's PNG (GET seal/image?id=…, to those who may see it). */
export function sealImageUrl(imageId: string): string {
  return `${apiPath('sealImage')}?id=${imageId}`;
}

/** The SHA-256 (hex) of a PNG. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
