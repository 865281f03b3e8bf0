import type { ElementKind, LocalizedText } from '../core/constants';
import type { ElementInit, PageConfig, TemplateElement } from '../core/model';

/** What a party does with a field: fill it in, or sign (stamp) it. */
export type FieldRole = 'fill' | 'sign';

/**
 * The headless half of an element kind: its defaults and its own rules. The kind's view, panel
 * and PDF writer live beside it and are imported by `react` and `pdf`, never by `core`.
 */
export interface ElementKindModel {
  /** The kind, as stored in `elName`. */
  kind: ElementKind;
  /** The kind's name in the toolbox, in English and Chinese. */
  label: LocalizedText;
  /** Whether a party fills or signs fields of this kind. */
  role: FieldRole;
  /** The fields a new element of this kind starts with on a page of the given size. */
  defaults(page: PageConfig): ElementInit;
  /**
   * Keeps the element consistent after `patch` was merged into it (mutates `element`), e.g. an
   * identity-card image keeps its ratio.
   */
  normalise?(element: TemplateElement, patch: ElementInit): void;
}
