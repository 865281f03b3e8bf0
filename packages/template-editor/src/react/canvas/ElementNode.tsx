import type Konva from 'konva';
import { memo } from 'react';
import { Group, Rect } from 'react-konva';
import { PARTY_COLORS, type Locale, type TemplateElement } from '../../core';
import { ELEMENT_VIEWS } from '../../elements/views';
import type { TFunction } from '../../i18n';
import type { EditorMode } from '../context';

export interface ElementNodeProps {
  element: TemplateElement;
  mode: EditorMode;
  t: TFunction;
  locale: Locale;
  sealImageUrl: string | undefined;
  draggable: boolean;
  register(id: string, node: Konva.Group | null): void;
  onPointerDown(id: string, event: Konva.KonvaEventObject<MouseEvent | TouchEvent>): void;
  onOpenSettings(id: string): void;
  /** A click or a tap on the field (after its pointer down, without a drag). */
  onActivate(id: string): void;
  onDragStart(id: string): void;
  onDragMove(id: string, event: Konva.KonvaEventObject<DragEvent>): void;
  onDragEnd(id: string, event: Konva.KonvaEventObject<DragEvent>): void;
}

/** The hit area's scene: nothing (a transparent fill per field cost a page of 2,000 fields dear). */
const drawNothing = () => {};

/** The hit area on the hit canvas: the whole box. */
function hitBox(context: Konva.Context, shape: Konva.Shape) {
  context.beginPath();
  context.rect(0, 0, shape.width(), shape.height());
  context.closePath();
  context.fillStrokeShape(shape);
}

/**
 * One field on the canvas. The group sits at the box's centre with its offset at the centre, so
 * Konva rotates it about the centre exactly as the stored CSS-like `rotate` means.
 */
export const ElementNode = memo(function ElementNode(props: ElementNodeProps) {
  const { element, draggable } = props;
  const style = element.commonStyle;
  const View = ELEMENT_VIEWS[element.elName];
  const id = element.uuid;
  return (
    <Group
      ref={(node) => props.register(id, node)}
      id={id}
      name="element"
      x={style.left + style.width / 2}
      y={style.top + style.height / 2}
      offsetX={style.width / 2}
      offsetY={style.height / 2}
      width={style.width}
      height={style.height}
      rotation={style.rotate}
      opacity={style.opacity}
      draggable={draggable}
      // Out of design, a touch on a field still scrolls the pages (Konva would stop it).
      preventDefault={draggable}
      onMouseDown={(event) => props.onPointerDown(id, event)}
      onTouchStart={(event) => props.onPointerDown(id, event)}
      onClick={() => props.onActivate(id)}
      onTap={() => props.onActivate(id)}
      onDblClick={() => props.onOpenSettings(id)}
      onDblTap={() => props.onOpenSettings(id)}
      onDragStart={() => props.onDragStart(id)}
      onDragMove={(event) => props.onDragMove(id, event)}
      onDragEnd={(event) => props.onDragEnd(id, event)}
    >
      {/* The hit area, drawn on the hit canvas only: the views draw without listening. */}
      <Rect
        width={style.width}
        height={style.height}
        fill="transparent"
        sceneFunc={drawNothing}
        hitFunc={hitBox}
      />
      <View
        element={element}
        mode={props.mode}
        t={props.t}
        locale={props.locale}
        color={PARTY_COLORS[element.config.party]}
        sealImageUrl={props.sealImageUrl}
      />
    </Group>
  );
});
