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
  /** The seal image chosen for a seal field, once loaded. */
  sealImageUrl?: string | undefined;
}
