import type { ElementPanelProps } from '../panel-types';

/**
 * A signature field has no properties of its own: its party signs it by hand, and name, party,
 * position and size are the shared ones.
 */
export function SignaturePanel(_props: ElementPanelProps) {
  return null;
}
