import { API_BASE, type ContractSeal } from '@esign/platform';
import { useEffect, useState } from 'react';
import { fetchSessionImage } from '../../../api/client';
import type { ShownSeal } from '../detail/ContractDocument';

/**
 * The seals with images the page can draw: a seal's PNG under /api needs the session's headers,
 * so it is fetched and shown from an object URL (released when the page goes); any other address
 * is used as it is. Until its image is there (or when it fails) a seal has none: the editor
 * shows its placeholder.
 */
export function useSealImages(seals: readonly ContractSeal[] | undefined): ShownSeal[] {
  const [images, setImages] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!seals) return;
    const controller = new AbortController();
    const made: string[] = [];
    for (const seal of seals) {
      fetchSessionImage(seal.imageUrl, controller.signal).then(
        (blob) => {
          if (!blob || controller.signal.aborted) return;
          const url = URL.createObjectURL(blob);
          made.push(url);
          setImages((current) => ({ ...current, [seal.id]: url }));
        },
        () => undefined, // the placeholder shows instead
      );
    }
    return () => {
      controller.abort();
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [seals]);
  return (seals ?? []).map((seal) => ({
    id: seal.id,
    name: seal.name,
    // Never the /api address itself: an image element would ask it without the session.
    imageUrl: images[seal.id] ?? (seal.imageUrl.startsWith(`${API_BASE}/`) ? '' : seal.imageUrl),
  }));
}
