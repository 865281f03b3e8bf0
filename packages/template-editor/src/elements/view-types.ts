import type { Locale, TemplateElement } from '../core';
import type { EditorMode } from '../react/context';
import type { TFunction } from '../i18n';

/** What an element kind's Konva view draws with: the element, inside its own box at (0, 0). */
export interface ElementViewProps {
  element: TemplateElement;
  mode: EditorMode;
  t: TFunction;
  locale: Locale;
  /** The party's colour. */
  color: string;
  /**
   * The image named by the field's `previewConfig.sealId` among the editor's `seals`: the seal a
   * seal field shows, and the mark a signature field shows until it is signed.
   */
  sealImageUrl?: string | undefined;
}
