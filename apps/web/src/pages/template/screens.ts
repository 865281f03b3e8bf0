/**
 * The screens of a template's making, each downloaded when first shown: the editor and the
 * previews bring Konva and pdf.js, which the rest of the app never needs.
 */
import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

const preview = lazyScreen(() => import('./TemplatePreviewPage'));

/** By full path, for routes/screens.tsx. */
export const TEMPLATE_EDITOR_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/template/view': lazyScreen(() => import('./TemplateNewPage')),
  '/template/Editor': lazyScreen(() => import('./TemplateEditorPage')),
  '/template/Preview': preview,
  '/template/Preview2': preview,
  '/template/PreviewContractSignature': preview,
  '/template/contractPdf': preview,
  '/template/contractSort': preview,
  '/template/contractSuccess': preview,
};

/** The public preview (/ztj/template/Preview), outside the signed-in layout. */
export const PublicTemplatePreviewScreen = lazyScreen(() => import('./PublicTemplatePreviewPage'));
