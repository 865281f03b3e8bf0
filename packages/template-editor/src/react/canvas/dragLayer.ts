import type Konva from 'konva';

/**
 * A drag among many fields, made cheap for the browser.
 *
 * The fields that stay put are not redrawn: when the drag starts only the boxes the moving fields
 * leave are (`redrawBoxes`), and at the drop only the boxes they land in.
 *
 * Chromium hands every drawn 2D canvas of the page to its compositor again on each frame that
 * changes anything (measured with software compositing: about 0.5 ms per A4 page canvas per
 * frame, whatever moved), while a `bitmaprenderer` canvas showing an `ImageBitmap` costs nothing
 * more once shown. So for the length of a drag each layer of the page is shown as a still picture
 * of itself: the fields that stay put, redrawn without the moving ones and pictured after that
 * draw (and after any later one), and the moving fields, drawn once on the overlay layer, pictured,
 * and carried by a CSS transform that the compositor applies. A pointer move then draws nothing
 * and hands no canvas over; the layers come back at the drop.
 */

/** A layer shown as a picture of its last draw until released. */
interface Still {
  /** Every element showing the layer (its canvas, and its picture once taken). */
  readonly elements: readonly HTMLElement[];
  /** Pictures the layer's canvas again (a full draw of the layer does it by itself). */
  take(): void;
  release(): void;
}

function still(layer: Konva.Layer): Still {
  const canvas = layer.getCanvas()._canvas;
  const picture = document.createElement('canvas');
  picture.className = 'esign-te__still';
  picture.setAttribute('aria-hidden', 'true');
  picture.style.cssText = canvas.style.cssText;
  picture.style.display = 'none';
  canvas.after(picture);
  const display = canvas.style.display;
  let released = false;
  let taken = 0;
  const take = () => {
    const ticket = ++taken;
    createImageBitmap(canvas).then(
      (bitmap) => {
        // A later draw's picture, or the drop, wins over this one.
        if (released || ticket !== taken) {
          bitmap.close();
          return;
        }
        picture.width = bitmap.width;
        picture.height = bitmap.height;
        picture.getContext('bitmaprenderer')?.transferFromImageBitmap(bitmap);
        picture.style.display = display;
        canvas.style.display = 'none';
      },
      // No picture (a zero-sized canvas): the canvas itself stays shown.
      () => undefined,
    );
  };
  layer.on('draw.esign-still', take);
  return {
    elements: [canvas, picture],
    take,
    release() {
      released = true;
      layer.off('draw.esign-still');
      canvas.style.display = display;
      picture.remove();
    },
  };
}

/** A box in stage pixels. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Screen pixels around a field that its drawing may reach (its outline, anti-aliasing). */
const BLEED = 2;
/** Page points beyond a field's box within which another field's drawing is looked for. */
const REACH = 24;

/** Where `nodes` draw, in stage pixels, a little wider for their outlines. */
function boxesOf(nodes: readonly Konva.Node[]): Box[] {
  return nodes
    .filter((node) => node.getLayer())
    .map((node) => {
      const rect = node.getClientRect();
      return {
        x: rect.x - BLEED,
        y: rect.y - BLEED,
        width: rect.width + 2 * BLEED,
        height: rect.height + 2 * BLEED,
      };
    });
}

/**
 * Redraws `layer` inside `boxes` only, scene and hit canvas: each box is cleared and the layer's
 * children that may draw there are drawn again in their order, clipped to it. Moving one field
 * among 2,000 then costs a handful of fields' drawing instead of the page's. A child may draw in
 * a box when its anchor is within its size plus {@link REACH} of it, whatever its rotation; a
 * child that draws farther from its box than that would be clipped until the layer's next full
 * draw.
 */
export function redrawBoxes(layer: Konva.Layer, boxes: readonly Box[]): void {
  if (boxes.length === 0) return;
  const scale = Math.abs(layer.getAbsoluteScale().x) || 1;
  const children = layer.getChildren().filter((child) => {
    const reach =
      (Math.hypot(
        child.width() * Math.abs(child.scaleX()) + Math.abs(child.offsetX()),
        child.height() * Math.abs(child.scaleY()) + Math.abs(child.offsetY()),
      ) +
        REACH) *
      scale;
    const x = child.x() * scale;
    const y = child.y() * scale;
    return boxes.some(
      (box) =>
        x + reach > box.x &&
        x - reach < box.x + box.width &&
        y + reach > box.y &&
        y - reach < box.y + box.height,
    );
  });
  const hit = layer.getHitCanvas() as ReturnType<Konva.Layer['getHitCanvas']> | null;
  for (const canvas of hit ? [layer.getCanvas(), hit] : [layer.getCanvas()]) {
    const context = canvas.getContext();
    const ratio = canvas.getPixelRatio();
    for (const box of boxes) {
      // Whole device pixels, so that the clip's edges blend nothing of the old drawing.
      const x = Math.floor(box.x * ratio) / ratio;
      const y = Math.floor(box.y * ratio) / ratio;
      const width = Math.ceil((box.x + box.width) * ratio) / ratio - x;
      const height = Math.ceil((box.y + box.height) * ratio) / ratio - y;
      context.save();
      context.beginPath();
      context.rect(x, y, width, height);
      context.clip();
      context.clearRect(x, y, width, height);
      for (const child of children) {
        if (canvas === hit) child.drawHit(hit);
        else child.drawScene(layer.getCanvas());
      }
      context.restore();
    }
  }
}

/** Runs `change` on `layer` without the full redraw Konva would ask for. */
function quietly(layer: Konva.Layer, change: () => void): void {
  const own = Object.prototype.hasOwnProperty.call(layer, 'batchDraw');
  const batchDraw = layer.batchDraw;
  layer.batchDraw = () => layer;
  try {
    change();
  } finally {
    if (own) layer.batchDraw = batchDraw;
    else delete (layer as { batchDraw?: unknown }).batchDraw;
  }
}

/** Fields lifted off their layer for a drag: drawn once, then moved by the compositor. */
export interface LiftedFields {
  /** Shows the lifted fields moved by (x, y) screen pixels from where the drag started. */
  translate(x: number, y: number): void;
  /**
   * Puts the fields back on their layer at their paint order, where they now are, and shows the
   * layers again; only the parts of the fields layer they left and reach are redrawn.
   */
  drop(): void;
}

/**
 * Lifts `nodes` off `fields` onto `overlay` (whose handles and marquee are empty while a drag
 * lasts) and shows both layers as pictures until {@link LiftedFields.drop}. Konva keeps setting
 * the nodes' positions as usual, so where they are at the drop is true.
 */
export function liftFields(
  nodes: readonly Konva.Group[],
  fields: Konva.Layer,
  overlay: Konva.Layer,
): LiftedFields {
  // Konva asks a node's layer to redraw whenever the node moves; the compositor moves this one.
  overlay.batchDraw = () => overlay;
  const stills = [still(fields), still(overlay)] as const;
  const left = boxesOf(nodes);
  quietly(fields, () => {
    for (const node of nodes) {
      node.setAttr('esignIndex', node.zIndex());
      node.moveTo(overlay);
    }
  });
  redrawBoxes(fields, left);
  stills[0].take();
  overlay.draw();
  const moving = stills[1].elements;
  return {
    translate(x, y) {
      for (const element of moving) element.style.transform = `translate(${x}px, ${y}px)`;
    },
    drop() {
      for (const element of moving) element.style.transform = '';
      for (const one of stills) one.release();
      delete (overlay as { batchDraw?: unknown }).batchDraw;
      const sorted = [...nodes]
        // A field removed while it moved (an undo from the keyboard) stays removed.
        .filter((node) => node.getLayer() === overlay)
        .sort((a, b) => Number(a.getAttr('esignIndex')) - Number(b.getAttr('esignIndex')));
      quietly(fields, () => {
        for (const node of sorted) {
          node.moveTo(fields);
          node.zIndex(Math.min(Number(node.getAttr('esignIndex')), fields.children.length - 1));
        }
      });
      redrawBoxes(fields, boxesOf(sorted));
      overlay.batchDraw();
    },
  };
}
