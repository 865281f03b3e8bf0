import type Konva from 'konva';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Image as KonvaImage, Layer, Rect, Stage, Transformer } from 'react-konva';
import {
  IMAGE_TYPES,
  boundsOf,
  createElement,
  isFilledBy,
  type Bounds,
  type ElementKind,
  type TemplatePage,
} from '../../core';
import { useEditor, useProjectState, useViewState } from '../context';
import type { SnapGuide } from '../view';
import { liftFields, type LiftedFields } from './dragLayer';
import { CrossPageLayer, crossPageBounds, useCrossPageOnPage } from './crossPage';
import { ElementNode } from './ElementNode';
import { FillRing } from '../fill/FillRing';
import { backgroundBox } from './layout';
import { snapTargets, snapTo, type SnapTargets } from './snapping';
import { useImage } from './useImage';
import { usePdfPageImage } from './usePdfPage';

/** The MIME type a toolbox item carries when dragged onto a page. */
export const FIELD_DRAG_TYPE = 'application/x-esign-field';

/** Screen pixels within which a dragged field snaps to a guide. */
const SNAP_PIXELS = 6;
const MIN_SIZE = 8;
/** Screen pixels a pointer may move between down and up and still tap a field. */
const TAP_SLOP = 10;

interface DragSession {
  ids: string[];
  start: Map<string, { x: number; y: number }>;
  box: Bounds;
  /** What the moving fields snap to, sorted once for the whole drag. */
  targets: SnapTargets;
  anchor: string;
  /** The moving fields, on a layer of their own until the drop. */
  lifted: LiftedFields | null;
}

export interface PageStageProps {
  page: TemplatePage;
  pageIndex: number;
  scale: number;
}

/** One page: its background, its fields, the transformer, snap guides and the marquee. */
export const PageStage = memo(function PageStage({ page, pageIndex, scale }: PageStageProps) {
  const { store, view, mode, t, locale, seals, focusCanvas, pdf, party, fillOptions } = useEditor();
  const selection = useProjectState((s) => s.selection);
  const nodes = useRef(new Map<string, Konva.Group>());
  const transformer = useRef<Konva.Transformer>(null);
  const drag = useRef<DragSession | null>(null);
  /** The field last pressed and where (stage pixels), for telling a tap from a scroll. */
  const pressed = useRef<{ id: string; at: { x: number; y: number } | null } | null>(null);
  const fieldsLayer = useRef<Konva.Layer>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const [marquee, setMarquee] = useState<{
    x0: number;
    y0: number;
    x1: number;
    y1: number;
    additive: boolean;
  } | null>(null);
  const design = mode === 'design';
  const { width, height } = page.config;
  const background = useImage(page.commonStyle.backgroundImage || undefined);
  // The PDF page, when there is one, is the page's background; the background image stands in
  // for it until the PDF is drawn.
  const pdfPagePriority = useCallback(
    () => Math.abs(pageIndex - view.getState().currentPage),
    [pageIndex, view],
  );
  const pdfPage = usePdfPageImage(pdf, pageIndex, scale, pdfPagePriority);
  // Cross-page seals: drawn as slices on their own layer (see ./crossPage), not at their box.
  const crossPage = useCrossPageOnPage(pageIndex);
  const fields = useMemo(
    () =>
      crossPage.sliced.size === 0
        ? page.elements
        : page.elements.filter((element) => !crossPage.sliced.has(element.uuid)),
    [crossPage.sliced, page.elements],
  );

  const selectedHere = useMemo(
    () => fields.filter((element) => selection.includes(element.uuid)),
    [fields, selection],
  );
  const lockRatio = selectedHere.some(
    (element) =>
      element.elName === 'image' &&
      IMAGE_TYPES.find((type) => type.key === element.config.imageType)?.lockRatio,
  );

  useEffect(() => {
    const tr = transformer.current;
    // A drag detaches the handles until the drop (onDragStart, onDragEnd).
    if (!tr || drag.current) return;
    tr.nodes(
      selectedHere
        .map((element) => nodes.current.get(element.uuid))
        .filter((node): node is Konva.Group => !!node),
    );
    tr.getLayer()?.batchDraw();
  }, [selectedHere]);

  // The handles never drag. Konva's transformer starts a drag of its own when an attached field
  // starts one (to carry the other attached fields along); the fields' drag moves the whole
  // selection here (onDragMove), and the transformer's drag would lay out and redraw its detached
  // handles on every pointer move.
  const holdTransformer = useCallback((node: Konva.Transformer | null) => {
    transformer.current = node;
    if (node) node.startDrag = () => undefined;
  }, []);

  const register = useCallback((id: string, node: Konva.Group | null) => {
    if (node) nodes.current.set(id, node);
    else nodes.current.delete(id);
  }, []);

  const onPointerDown = useCallback(
    (id: string, event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
      focusCanvas();
      view.getState().setCurrentPage(pageIndex);
      pressed.current = { id, at: event.target.getStage()?.getPointerPosition() ?? null };
      if (!design) return;
      event.cancelBubble = true;
      const current = store.getState().selection;
      const shift =
        'shiftKey' in event.evt && (event.evt.shiftKey || event.evt.metaKey || event.evt.ctrlKey);
      if (shift) {
        store
          .getState()
          .select(
            current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
          );
      } else if (!current.includes(id)) {
        store.getState().select([id]);
      }
    },
    [design, focusCanvas, pageIndex, store, view],
  );

  // Fill mode: a click or a tap on one of the party's fields takes the guided fill to it; a
  // finger that scrolled the pages on its way does not.
  const onActivate = useCallback(
    (id: string) => {
      const down = pressed.current;
      pressed.current = null;
      if (mode !== 'fill' || !party || down?.id !== id) return;
      const at = nodes.current.get(id)?.getStage()?.getPointerPosition();
      if (down.at && at && Math.hypot(at.x - down.at.x, at.y - down.at.y) > TAP_SLOP) return;
      const element = store
        .getState()
        .project.pages[pageIndex]?.elements.find((one) => one.uuid === id);
      if (element && isFilledBy(element, party, fillOptions)) view.getState().setFillField(id);
    },
    [fillOptions, mode, pageIndex, party, store, view],
  );

  const onOpenSettings = useCallback(
    (id: string) => {
      if (!design) return;
      store.getState().select([id]);
      view.getState().openSettings(id);
    },
    [design, store, view],
  );

  const onDragStart = useCallback(
    (id: string) => {
      const state = store.getState();
      const ids = state.selection.includes(id) ? state.selection : [id];
      if (!state.selection.includes(id)) state.select([id]);
      const current = state.project.pages[pageIndex];
      if (!current) return;
      // A cross-page seal moves with its slices (./crossPage), not with the fields of a page.
      const movable = current.elements.filter((element) => !crossPage.sliced.has(element.uuid));
      const moving = movable.filter((element) => ids.includes(element.uuid));
      if (moving.length === 0) return;
      const boxes = moving.map((element) => boundsOf(element.commonStyle));
      const session: DragSession = {
        ids: moving.map((element) => element.uuid),
        anchor: id,
        start: new Map(
          moving.map((element) => {
            const node = nodes.current.get(element.uuid);
            return [element.uuid, { x: node?.x() ?? 0, y: node?.y() ?? 0 }];
          }),
        ),
        box: {
          left: Math.min(...boxes.map((b) => b.left)),
          top: Math.min(...boxes.map((b) => b.top)),
          right: Math.max(...boxes.map((b) => b.right)),
          bottom: Math.max(...boxes.map((b) => b.bottom)),
        },
        targets: snapTargets(
          movable
            .filter((element) => !ids.includes(element.uuid))
            .map((element) => boundsOf(element.commonStyle)),
          current.config,
        ),
        lifted: null,
      };
      drag.current = session;
      // The handles leave the moving fields while they move (as in most design tools): the
      // transformer would otherwise recompute and redraw its anchors on every pointer move.
      transformer.current?.nodes([]);
      // While dragging, the page shows pictures of its layers and the compositor carries the
      // moving fields (./dragLayer): a pointer move redraws nothing.
      if (fieldsLayer.current && overlayLayer.current) {
        session.lifted = liftFields(
          session.ids
            .map((uuid) => nodes.current.get(uuid))
            .filter((node): node is Konva.Group => !!node),
          fieldsLayer.current,
          overlayLayer.current,
        );
      }
    },
    [crossPage.sliced, pageIndex, store],
  );

  const onDragMove = useCallback(
    (id: string, event: Konva.KonvaEventObject<DragEvent>) => {
      const session = drag.current;
      if (!session) return;
      const origin = session.start.get(id)!;
      let dx = event.target.x() - origin.x;
      let dy = event.target.y() - origin.y;
      const moved = {
        left: session.box.left + dx,
        right: session.box.right + dx,
        top: session.box.top + dy,
        bottom: session.box.bottom + dy,
      };
      const snap = snapTo(moved, session.targets, SNAP_PIXELS / scale);
      dx += snap.dx;
      dy += snap.dy;
      // Fields stay on the page (a field already partly off it is not pushed further out).
      dx = Math.min(
        Math.max(dx, Math.min(0, -session.box.left)),
        Math.max(0, width - session.box.right),
      );
      dy = Math.min(
        Math.max(dy, Math.min(0, -session.box.top)),
        Math.max(0, height - session.box.bottom),
      );
      for (const other of session.ids) {
        const node = nodes.current.get(other);
        const start = session.start.get(other);
        if (node && start) node.position({ x: start.x + dx, y: start.y + dy });
      }
      session.lifted?.translate(dx * scale, dy * scale);
      // The guides stay set (empty or not) until the drop, so their elements stay mounted.
      const shown = view.getState().guides;
      if (shown?.pageId !== page.uuid || !sameGuides(shown.lines, snap.guides)) {
        view.getState().setGuides({ pageId: page.uuid, lines: snap.guides });
      }
    },
    [height, page.uuid, scale, view, width],
  );

  const onDragEnd = useCallback(
    (id: string, event: Konva.KonvaEventObject<DragEvent>) => {
      const session = drag.current;
      drag.current = null;
      view.getState().setGuides(null);
      if (!session) return;
      const origin = session.start.get(id)!;
      const dx = event.target.x() - origin.x;
      const dy = event.target.y() - origin.y;
      store.getState().moveElements(session.ids, dx, dy);
      // Put every node where the store says, even when the move was refused or clamped.
      const elements = store.getState().project.pages[pageIndex]?.elements ?? [];
      for (const element of elements) {
        if (!session.ids.includes(element.uuid)) continue;
        nodes.current.get(element.uuid)?.position({
          x: element.commonStyle.left + element.commonStyle.width / 2,
          y: element.commonStyle.top + element.commonStyle.height / 2,
        });
      }
      // Back to the fields layer at their paint order, where they now are, before React looks at
      // them again; then the handles come back on them.
      session.lifted?.drop();
      transformer.current?.nodes(
        session.ids
          .map((uuid) => nodes.current.get(uuid))
          .filter((node): node is Konva.Group => !!node),
      );
    },
    [pageIndex, store, view],
  );

  const onTransformEnd = useCallback(() => {
    const tr = transformer.current;
    if (!tr) return;
    const changes = tr.nodes().map((node) => {
      const element = page.elements.find((candidate) => candidate.uuid === node.id());
      const w = Math.max(MIN_SIZE, (element?.commonStyle.width ?? node.width()) * node.scaleX());
      const h = Math.max(MIN_SIZE, (element?.commonStyle.height ?? node.height()) * node.scaleY());
      const change = {
        id: node.id(),
        style: {
          left: round(node.x() - w / 2),
          top: round(node.y() - h / 2),
          width: round(w),
          height: round(h),
          rotate: round((((node.rotation() % 360) + 540) % 360) - 180),
        },
      };
      node.scale({ x: 1, y: 1 });
      return change;
    });
    store.getState().batch(() => {
      for (const change of changes)
        store.getState().updateElements([change.id], { commonStyle: change.style });
    }, 'transform');
  }, [page.elements, store]);

  const pointer = (stage: Konva.Stage | null) => {
    const position = stage?.getPointerPosition();
    return position ? { x: position.x / scale, y: position.y / scale } : null;
  };

  const onStageMouseDown = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    focusCanvas();
    view.getState().setCurrentPage(pageIndex);
    if (!design) return;
    const target = event.target;
    if (target !== target.getStage() && target.name() !== 'page-background') return;
    const at = pointer(target.getStage());
    if (!at) return;
    const additive = 'shiftKey' in event.evt && event.evt.shiftKey;
    setMarquee({ x0: at.x, y0: at.y, x1: at.x, y1: at.y, additive });
  };

  const onStageMouseMove = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (!marquee) return;
    const at = pointer(event.target.getStage());
    if (at) setMarquee({ ...marquee, x1: at.x, y1: at.y });
  };

  const onStageMouseUp = () => {
    if (!marquee) return;
    const area = {
      left: Math.min(marquee.x0, marquee.x1),
      right: Math.max(marquee.x0, marquee.x1),
      top: Math.min(marquee.y0, marquee.y1),
      bottom: Math.max(marquee.y0, marquee.y1),
    };
    setMarquee(null);
    const state = store.getState();
    const tiny = area.right - area.left < 2 && area.bottom - area.top < 2;
    const overlaps = (b: Bounds) =>
      b.left < area.right && b.right > area.left && b.top < area.bottom && b.bottom > area.top;
    const hit = tiny
      ? []
      : [
          ...fields
            .filter((element) => overlaps(boundsOf(element.commonStyle)))
            .map((element) => element.uuid),
          ...crossPageBounds(crossPage.items)
            .filter((slice) => overlaps(slice.box))
            .map((slice) => slice.id),
        ].filter((id, index, all) => all.indexOf(id) === index);
    state.select(
      marquee.additive
        ? [...state.selection, ...hit.filter((id) => !state.selection.includes(id))]
        : hit,
    );
  };

  const onDrop = (event: React.DragEvent<HTMLDivElement>) => {
    const kind = event.dataTransfer.getData(FIELD_DRAG_TYPE) as ElementKind;
    if (!kind || !design) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - rect.left) / scale;
    const y = (event.clientY - rect.top) / scale;
    const size = createElement(kind, page.config).commonStyle;
    store.getState().addElement(page.uuid, kind, {
      commonStyle: { left: round(x - size.width / 2), top: round(y - size.height / 2) },
    });
    view.getState().setCurrentPage(pageIndex);
    focusCanvas();
  };

  return (
    <div
      className="esign-te__page"
      data-page={pageIndex + 1}
      data-width={width}
      data-pdf={pdfPage.status === 'none' ? undefined : pdfPage.status}
      style={{ width: width * scale, height: height * scale }}
      onDragOver={(event) => {
        if (design && event.dataTransfer.types.includes(FIELD_DRAG_TYPE)) {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDrop={onDrop}
    >
      {pdfPage.status === 'failed' ? (
        <div className="esign-te__page-failed" role="alert">
          <span>{t('pdf.pageFailed', { page: pageIndex + 1 })}</span>
          <button type="button" onClick={pdfPage.retry}>
            {t('pdf.retry')}
          </button>
        </div>
      ) : null}
      <Stage
        width={width * scale}
        height={height * scale}
        scaleX={scale}
        scaleY={scale}
        onMouseDown={onStageMouseDown}
        onTouchStart={onStageMouseDown}
        onMouseMove={onStageMouseMove}
        onTouchMove={onStageMouseMove}
        onMouseUp={onStageMouseUp}
        onTouchEnd={onStageMouseUp}
      >
        <Layer ref={fieldsLayer}>
          <Rect
            name="page-background"
            width={width}
            height={height}
            // A touch on the page scrolls it unless the author is designing (the marquee).
            preventDefault={design}
            fill={page.commonStyle.backgroundColor || '#ffffff'}
          />
          {pdfPage.image ? (
            <KonvaImage
              name="pdf-page"
              image={pdfPage.image}
              width={width}
              height={height}
              listening={false}
            />
          ) : background.image ? (
            <KonvaImage
              image={background.image}
              {...backgroundBox(page.commonStyle.backgroundSize, background.image, width, height)}
              listening={false}
            />
          ) : null}
          {fields.map((element) => (
            <ElementNode
              key={element.uuid}
              element={element}
              mode={mode}
              t={t}
              locale={locale}
              sealImageUrl={
                seals.find((seal) => seal.id === element.previewConfig.sealId)?.imageUrl
              }
              draggable={design}
              register={register}
              onPointerDown={onPointerDown}
              onOpenSettings={onOpenSettings}
              onActivate={onActivate}
              onDragStart={onDragStart}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
            />
          ))}
        </Layer>
        {crossPage.items.length > 0 ? (
          <CrossPageLayer
            items={crossPage.items}
            pageIndex={pageIndex}
            pageHeight={height}
            scale={scale}
            selection={selection}
            onPointerDown={onPointerDown}
            onOpenSettings={onOpenSettings}
          />
        ) : null}
        <Layer ref={overlayLayer}>
          {marquee ? (
            <Rect
              name="marquee"
              x={Math.min(marquee.x0, marquee.x1)}
              y={Math.min(marquee.y0, marquee.y1)}
              width={Math.abs(marquee.x1 - marquee.x0)}
              height={Math.abs(marquee.y1 - marquee.y0)}
              fill="rgba(22, 119, 255, 0.08)"
              stroke="#1677ff"
              strokeWidth={1}
              strokeScaleEnabled={false}
              listening={false}
            />
          ) : null}
          {design ? (
            <Transformer
              ref={holdTransformer}
              rotateEnabled
              flipEnabled={false}
              keepRatio={lockRatio}
              enabledAnchors={
                lockRatio
                  ? ['top-left', 'top-right', 'bottom-left', 'bottom-right']
                  : [
                      'top-left',
                      'top-center',
                      'top-right',
                      'middle-right',
                      'middle-left',
                      'bottom-left',
                      'bottom-center',
                      'bottom-right',
                    ]
              }
              rotationSnaps={[0, 90, 180, 270]}
              ignoreStroke
              boundBoxFunc={(oldBox, newBox) =>
                Math.abs(newBox.width) < MIN_SIZE * scale ||
                Math.abs(newBox.height) < MIN_SIZE * scale
                  ? oldBox
                  : newBox
              }
              onTransformEnd={onTransformEnd}
            />
          ) : null}
        </Layer>
      </Stage>
      <SnapGuides pageId={page.uuid} scale={scale} />
      {mode === 'fill' ? <FillRing page={page} scale={scale} /> : null}
    </div>
  );
});

function sameGuides(a: readonly SnapGuide[], b: readonly SnapGuide[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (guide, i) => guide.orientation === b[i]!.orientation && guide.position === b[i]!.position,
    )
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The snapping guides of a page, subscribed to on their own: while a field is dragged they change
 * with most pointer moves, and only they re-render, not the page's fields (2,000 on a dense page).
 * They are two elements over the canvas, mounted for the length of the drag, moved by a CSS
 * transform and shown or hidden by their opacity: a guide that follows the pointer costs the
 * compositor a move, not a repaint of the page.
 */
function SnapGuides({ pageId, scale }: { pageId: string; scale: number }) {
  const guides = useViewState((s) => (s.guides?.pageId === pageId ? s.guides.lines : null));
  if (!guides) return null;
  return (
    <>
      {(['vertical', 'horizontal'] as const).map((orientation) => {
        const guide = guides.find((line) => line.orientation === orientation);
        const at = (guide?.position ?? 0) * scale;
        return (
          <div
            key={orientation}
            className={`esign-te__snap-guide esign-te__snap-guide--${orientation}`}
            data-position={guide?.position}
            aria-hidden
            style={{
              opacity: guide ? 1 : 0,
              transform: orientation === 'vertical' ? `translateX(${at}px)` : `translateY(${at}px)`,
            }}
          />
        );
      })}
    </>
  );
}
