import { createHash } from 'node:crypto';
import { renderSealPng } from './render';
import { companySeal, personalSeal } from './svg';

/** Whose generated seal to draw: a real-name-verified person or a verified company. */
export type SealSigner =
  | { kind: 'personal'; name: string }
  | {
      kind: 'company';
      companyName: string;
      /** The text below the star: `CONTRACT_SEAL_TEXT` unless given ('' for none). */
      horizontalText?: string;
      /** The registration number along the bottom of the ring; none by default. */
      serialNumber?: string;
    };

/** What a generated company seal says below its star: it is the seal contracts are signed with. */
export const CONTRACT_SEAL_TEXT = '合同专用章';

/**
 * A seal's PNG as the contract stamps it, transparent round the ink, with its size in pixels and
 * its SHA-256 (hex): 400 × 400 for a generated contract seal, a template seal at 300 dpi of the
 * size it is printed at (e.g. 504 × 504 for a 42 mm round seal).
 */
export interface SealImage {
  png: Uint8Array;
  width: number;
  height: number;
  sha256: string;
}

/** Seals drawn lately, most recent last: a signing batch stamps the same few seals many times. */
const CACHE_LIMIT = 64;
const cache = new Map<string, Promise<SealImage>>();

/** The SVG of a signer's generated seal. */
export function sealSvgFor(signer: SealSigner): string {
  return signer.kind === 'personal'
    ? personalSeal(signer.name)
    : companySeal(signer.companyName, {
        horizontalText: signer.horizontalText ?? CONTRACT_SEAL_TEXT,
        serialNumber: signer.serialNumber,
      });
}

/**
 * The PNG of a signer's generated seal: the same bytes for the same signer on every machine.
 * Kept in a small in-memory cache (least recently used out); a failed drawing is not kept.
 */
export function sealImageFor(signer: SealSigner): Promise<SealImage> {
  const key = cacheKey(signer);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const drawing = drawSeal(signer);
  cache.set(key, drawing);
  drawing.catch(() => cache.delete(key));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return drawing;
}

/** Draws a signer's seal afresh, without the cache. */
export async function drawSeal(signer: SealSigner): Promise<SealImage> {
  const { png, width, height } = await renderSealPng(sealSvgFor(signer));
  return { png, width, height, sha256: createHash('sha256').update(png).digest('hex') };
}

function cacheKey(signer: SealSigner): string {
  return signer.kind === 'personal'
    ? JSON.stringify(['personal', signer.name])
    : JSON.stringify([
        'company',
        signer.companyName,
        signer.horizontalText ?? CONTRACT_SEAL_TEXT,
        signer.serialNumber ?? '',
      ]);
}
