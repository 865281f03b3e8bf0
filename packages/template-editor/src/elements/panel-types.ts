import type { ComponentType } from 'react';
import type { ElementPatch, TemplateElement } from '../core';

/**
 * What an element kind's property panel works with: the one selected field and the command that
 * changes it. The panel reads the editor's `t`, `locale` and seals from `useEditor()`.
 */
export interface ElementPanelProps {
  element: TemplateElement;
  /**
   * The properties panel's id prefix: a control's id is `${id}-<name>`, unique beside the shared
   * controls.
   */
  id: string;
  /** Merges `patch` into the field: one `updateElements` call, so one undo step. */
  update(patch: ElementPatch): void;
}

/**
 * A kind's property panel. `fixedGeometry`: the kind places and sizes its fields itself (the panel
 * sets what may change, the store pins the rest), so the properties panel leaves out the shared
 * geometry (position, size, rotation, layer).
 */
export type ElementPanel = ComponentType<ElementPanelProps> & { fixedGeometry?: boolean };
