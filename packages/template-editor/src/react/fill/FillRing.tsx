import type { TemplatePage } from '../../core';
import { useViewState } from '../context';

/** Screen pixels between a field's box and its ring (its border included). */
const RING = 5;

/**
 * Fill mode: a ring around the field the party is on, just outside its box, so that it never
 * covers the field's party badge, required mark or value (which the canvas draws as the PDF will
 * print them).
 */
export function FillRing({ page, scale }: { page: TemplatePage; scale: number }) {
  const current = useViewState((s) => s.fillField);
  const element = current ? page.elements.find((one) => one.uuid === current) : undefined;
  if (!element) return null;
  const style = element.commonStyle;
  return (
    <div
      className="esign-te__fill-ring"
      aria-hidden="true"
      style={{
        left: style.left * scale - RING,
        top: style.top * scale - RING,
        width: style.width * scale + 2 * RING,
        height: style.height * scale + 2 * RING,
        transform: style.rotate ? `rotate(${style.rotate}deg)` : undefined,
      }}
    />
  );
}
