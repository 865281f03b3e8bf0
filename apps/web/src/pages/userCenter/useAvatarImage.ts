import { fetchSessionImage } from '../../api/client';
import { useBlobUrl } from '../../api/useBlobUrl';

/**
 * The avatar as an address an image element can show (the server's link needs the session's
 * headers): '' while loading, when there is no avatar, or when it fails (the placeholder shows).
 */
export function useAvatarImage(link: string | undefined): string {
  return useBlobUrl(link || null, (signal) => fetchSessionImage(link ?? '', signal)).url;
}
