import { useEffect, useState } from 'react';
import { loadPdf, type LoadedPdf, type PdfSource } from '../pdf/load';
import { forgetPdfPageImages } from './canvas/usePdfPage';

/** The contract document of an editor, as it loads. */
export type PdfDocumentState =
  | { status: 'none' }
  | { status: 'loading'; percent: number | undefined }
  | { status: 'loaded'; pdf: LoadedPdf }
  | { status: 'failed'; error: unknown };

const NONE: PdfDocumentState = { status: 'none' };
const LOADING: PdfDocumentState = { status: 'loading', percent: undefined };
/** One state object per document the host opened, so that effects depending on it run once. */
const hostDocuments = new WeakMap<LoadedPdf, PdfDocumentState>();

/** Whether `value` is a document the host opened itself with `loadPdf`. */
export function isLoadedPdf(value: unknown): value is LoadedPdf {
  return (
    typeof value === 'object' &&
    value !== null &&
    'document' in value &&
    'pages' in value &&
    typeof (value as LoadedPdf).destroy === 'function'
  );
}

/**
 * Opens the editor's PDF (a URL or bytes) and closes it when the source changes or the editor
 * unmounts; a document the host opened itself is used as it is and left open.
 */
export function usePdfDocument(source: PdfSource | LoadedPdf | undefined): PdfDocumentState {
  const [state, setState] = useState<{ source: unknown; value: PdfDocumentState }>({
    source: undefined,
    value: NONE,
  });

  useEffect(() => {
    if (source === undefined || isLoadedPdf(source)) return;
    const controller = new AbortController();
    let opened: LoadedPdf | null = null;
    let percent: number | undefined;
    loadPdf(source, {
      signal: controller.signal,
      onProgress: ({ loaded, total }) => {
        const next = total ? Math.floor((loaded / total) * 100) : undefined;
        if (next === percent) return;
        percent = next;
        setState({ source, value: { status: 'loading', percent } });
      },
    }).then(
      (pdf) => {
        if (controller.signal.aborted) {
          void pdf.destroy();
          return;
        }
        opened = pdf;
        setState({ source, value: { status: 'loaded', pdf } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ source, value: { status: 'failed', error } });
      },
    );
    return () => {
      controller.abort();
      if (opened) {
        forgetPdfPageImages(opened);
        void opened.destroy();
      }
    };
  }, [source]);

  if (source === undefined) return NONE;
  if (isLoadedPdf(source)) {
    let value = hostDocuments.get(source);
    if (!value) {
      value = { status: 'loaded', pdf: source };
      hostDocuments.set(source, value);
    }
    return value;
  }
  return state.source === source ? state.value : LOADING;
}
