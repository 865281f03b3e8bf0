import { useEffect, useState } from 'react';

export type ImageStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Loads an image for Konva; a URL that fails gives 'failed' (the view then draws its placeholder). */
export function useImage(url: string | undefined): {
  image: HTMLImageElement | null;
  status: ImageStatus;
} {
  const [state, setState] = useState<{
    url: string | undefined;
    image: HTMLImageElement | null;
    status: ImageStatus;
  }>({
    url: undefined,
    image: null,
    status: 'idle',
  });
  useEffect(() => {
    if (!url) return;
    let live = true;
    const image = new window.Image();
    if (!url.startsWith('data:')) image.crossOrigin = 'anonymous';
    image.onload = () => live && setState({ url, image, status: 'loaded' });
    image.onerror = () => live && setState({ url, image: null, status: 'failed' });
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  if (!url) return { image: null, status: 'idle' };
  if (state.url !== url) return { image: null, status: 'loading' };
  return { image: state.image, status: state.status };
}
