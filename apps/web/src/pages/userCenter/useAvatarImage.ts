import { useEffect, useState } from 'react';
import { fetchAvatarImage } from '../../api/userCenter';

/**
 * The avatar as an address an image element can show: the server's link needs the session's
 * headers, so it is fetched and shown from an object URL, released when the link changes or the
 * page goes. '' while loading, when there is no avatar, or when it fails (the placeholder shows).
 */
export function useAvatarImage(link: string | undefined): string {
  // The image of the link it was made for: a new link shows nothing until its own image is in.
  const [image, setImage] = useState({ link: '', url: '' });
  useEffect(() => {
    if (!link) return;
    const controller = new AbortController();
    let made = '';
    fetchAvatarImage(link, controller.signal).then(
      (blob) => {
        if (!blob || controller.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setImage({ link, url: made });
      },
      () => undefined, // the placeholder shows instead
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [link]);
  return link && image.link === link ? image.url : '';
}
