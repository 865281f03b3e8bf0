import { useEffect, useRef, useState } from 'react';

/**
 * A private file the server answers only with the session's headers (an avatar, an ID photo, a
 * signed letter) as an object URL that an image, a frame or a link can show: fetched when `key`
 * changes, released when it changes again or the component goes. `url` is '' until the file is
 * in (and with no key); `failed` says it could not be fetched.
 */
export function useBlobUrl(
  key: string | null,
  fetchBlob: (signal: AbortSignal) => Promise<Blob | null>,
): { url: string; failed: boolean } {
  // The newest fetcher, for the effect below (which runs again only when the key changes).
  const latest = useRef(fetchBlob);
  useEffect(() => {
    latest.current = fetchBlob;
  });
  // What was fetched for which key: a new key shows nothing until its own file is in.
  const [state, setState] = useState({ key: '', url: '', failed: false });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    let made = '';
    latest.current(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        made = blob ? URL.createObjectURL(blob) : '';
        setState({ key, url: made, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ key, url: '', failed: true });
      },
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [key]);
  return key !== null && state.key === key
    ? { url: state.url, failed: state.failed }
    : { url: '', failed: false };
}
