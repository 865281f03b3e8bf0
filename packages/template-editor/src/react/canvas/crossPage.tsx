/**
 * The cross-page seals (骑缝章) on one page's stage. A cross-page seal is stored on one page but
 * shown as a slice on every page of its range (`crossPageSlicesOf`), so a page draws the slices of
 * the seals stored anywhere in the project whose range covers it, on a layer of their own above
 * the page's fields. A slice has no transformer: it moves only up and down (one `moveElements`
 * step at drag end, which moves the seal on every page), and its size comes from the panel.
 */
import type Konva from 'konva';
import { memo, useCallback, useRef } from 'react';
import { Group, Layer, Rect } from 'react-konva';
import {
  PARTY_COLORS,
  crossPageRange,
  crossPageSlicesOf,
  type Bounds,
  type CrossPageSlice,
  type EditorState,
  type TemplateElement,
  type TemplatePage,
} from '../../core';
import { CrossPageSliceView } from '../../elements/crosspage/view';
import { useEditor, useProjectState } from '../context';

/** A cross-page seal whose range covers a page, with the slices that page shows. */
export interface CrossPageItem {
  element: TemplateElement;
  /** The 0-based index of the page that stores it. */
  homeIndex: number;
  /** Its slices on this page: one, or two for the edge 'both'. */
  slices: readonly CrossPageSlice[];
}

export interface CrossPageOnPage {
  /** The seals shown on the page, in page order of where they are stored. */
  items: readonly CrossPageItem[];
  /**
   * The uuids of the cross-page seals stored on the page that show slices (somewhere): the page
   * draws these as slices only, never at their stored box. A seal without slices (a range of
   * fewer than two pages) is drawn whole at its stored box, so that it can still be found.
   */
  sliced: ReadonlySet<string>;
}

const NONE: CrossPageOnPage = { items: [], sliced: new Set() };

/** The cross-page seals of `pages` shown on page `pageIndex` (0-based). */
export function crossPageOnPage(
  pages: readonly TemplatePage[],
  pageIndex: number,
): CrossPageOnPage {
  let items: CrossPageItem[] | null = null;
  let sliced: Set<string> | null = null;
  pages.forEach((page, homeIndex) => {
    for (const element of page.elements) {
      if (element.elName !== 'crosspage') continue;
      const { first, last } = crossPageRange(element, pages.length);
      const covers = pageIndex + 1 >= first && pageIndex + 1 <= last;
      if (!covers && homeIndex !== pageIndex) continue;
      const all = crossPageSlicesOf(element, pages);
      if (all.length === 0) continue;
      if (homeIndex === pageIndex) (sliced ??= new Set()).add(element.uuid);
      const slices = all.filter((slice) => slice.page === pageIndex + 1);
      if (slices.length > 0) (items ??= []).push({ element, homeIndex, slices });
    }
  });
  return items || sliced ? { items: items ?? [], sliced: sliced ?? new Set() } : NONE;
}

function sameSlice(a: CrossPageSlice, b: CrossPageSlice): boolean {
  return (
    a.page === b.page &&
    a.edge === b.edge &&
    a.index === b.index &&
    a.box.x === b.box.x &&
    a.box.y === b.box.y &&
    a.box.width === b.box.width &&
    a.box.height === b.box.height &&
    a.image.offset === b.image.offset &&
    a.image.width === b.image.width
  );
}

function sameOnPage(a: CrossPageOnPage, b: CrossPageOnPage): boolean {
  return (
    a.items.length === b.items.length &&
    a.sliced.size === b.sliced.size &&
    [...a.sliced].every((id) => b.sliced.has(id)) &&
    a.items.every((item, i) => {
      const other = b.items[i]!;
      return (
        item.element === other.element &&
        item.homeIndex === other.homeIndex &&
        item.slices.length === other.slices.length &&
        item.slices.every((slice, k) => sameSlice(slice, other.slices[k]!))
      );
    })
  );
}

/**
 * The cross-page seals shown on page `pageIndex`; the same object while they do not change, so the
 * page re-renders only when one of them (or its slices) does.
 */
export function useCrossPageOnPage(pageIndex: number): CrossPageOnPage {
  const cache = useRef<{ project: unknown; pageIndex: number; value: CrossPageOnPage } | null>(
    null,
  );
  const select = useCallback(
    (state: EditorState): CrossPageOnPage => {
      const last = cache.current;
      if (last && last.project === state.project && last.pageIndex === pageIndex) return last.value;
      const next = crossPageOnPage(state.project.pages, pageIndex);
      const value = last && sameOnPage(last.value, next) ? last.value : next;
      cache.current = { project: state.project, pageIndex, value };
      return value;
    },
    [pageIndex],
  );
  return useProjectState(select);
}

/** The slice boxes of `items` as bounds, with their seal's uuid (for the marquee). */
export function crossPageBounds(items: readonly CrossPageItem[]): { id: string; box: Bounds }[] {
  return items.flatMap((item) =>
    item.slices.map((slice) => ({
      id: item.element.uuid,
      box: {
        left: slice.box.x,
        top: slice.box.y,
        right: slice.box.x + slice.box.width,
        bottom: slice.box.y + slice.box.height,
      },
    })),
  );
}

export interface CrossPageLayerProps {
  items: readonly CrossPageItem[];
  pageIndex: number;
  pageHeight: number;
  scale: number;
  selection: readonly string[];
  onPointerDown(id: string, event: Konva.KonvaEventObject<MouseEvent | TouchEvent>): void;
  onOpenSettings(id: string): void;
}

/** The layer of one page's cross-page slices, above its fields. */
export const CrossPageLayer = memo(function CrossPageLayer(props: CrossPageLayerProps) {
  const { items, selection } = props;
  return (
    <Layer name="cross-page-layer">
      {items.flatMap((item) =>
        item.slices.map((slice) => (
          <SliceNode
            key={`${item.element.uuid}-${slice.edge}`}
            {...props}
            element={item.element}
            slice={slice}
            selected={selection.includes(item.element.uuid)}
          />
        )),
      )}
    </Layer>
  );
});

interface SliceNodeProps extends CrossPageLayerProps {
  element: TemplateElement;
  slice: CrossPageSlice;
  selected: boolean;
}

/** One slice: selectable, draggable up and down in design mode, never resized or turned here. */
function SliceNode({
  element,
  slice,
  selected,
  pageIndex,
  pageHeight,
  scale,
  onPointerDown,
  onOpenSettings,
}: SliceNodeProps) {
  const { store, mode, t, locale, seals } = useEditor();
  const design = mode === 'design';
  const id = element.uuid;
  const { box } = slice;
  const sealImageUrl = seals.find((seal) => seal.id === element.previewConfig.sealId)?.imageUrl;

  // The other slices of the same seal on this page (the edge 'both') follow the dragged one.
  const siblings = (node: Konva.Node): Konva.Node[] =>
    node
      .getLayer()
      ?.find('.cross-page-slice')
      .filter((other) => other !== node && other.getAttr('esignElement') === id) ?? [];

  const onDragMove = (event: Konva.KonvaEventObject<DragEvent>) => {
    for (const other of siblings(event.target)) other.y(event.target.y());
  };

  const onDragEnd = (event: Konva.KonvaEventObject<DragEvent>) => {
    const node = event.target as Konva.Node;
    const dy = Math.round((node.y() - box.y) * 100) / 100;
    if (dy !== 0) store.getState().moveElements([id], 0, dy);
    // Put the slices where the store says, even when the move was refused or clamped.
    const state = store.getState();
    const moved = state.project.pages
      .flatMap((page) => page.elements)
      .find((candidate) => candidate.uuid === id);
    const now = moved
      ? crossPageSlicesOf(moved, state.project.pages).filter((s) => s.page === pageIndex + 1)
      : [];
    for (const target of [node, ...siblings(node)]) {
      const edge = target.getAttr('esignEdge') as string;
      const where = now.find((s) => s.edge === edge);
      if (where) target.position({ x: where.box.x, y: where.box.y });
    }
  };

  return (
    <Group
      name="cross-page-slice"
      esignElement={id}
      esignEdge={slice.edge}
      esignIndex={slice.index}
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      opacity={element.commonStyle.opacity}
      draggable={design}
      preventDefault={design}
      // Only up and down, and on the page: the absolute position is the page point times the zoom.
      dragBoundFunc={(position) => ({
        x: box.x * scale,
        y: Math.min(Math.max(position.y, 0), Math.max(0, (pageHeight - box.height) * scale)),
      })}
      onMouseDown={(event) => onPointerDown(id, event)}
      onTouchStart={(event) => onPointerDown(id, event)}
      onDblClick={() => onOpenSettings(id)}
      onDblTap={() => onOpenSettings(id)}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
    >
      {/* The hit area: the view draws without listening. */}
      <Rect width={box.width} height={box.height} fill="transparent" />
      <CrossPageSliceView
        element={element}
        slice={slice}
        mode={mode}
        t={t}
        locale={locale}
        color={PARTY_COLORS[element.config.party]}
        sealImageUrl={sealImageUrl}
      />
      {selected && design ? (
        <Rect
          name="cross-page-selected"
          width={box.width}
          height={box.height}
          stroke="#1677ff"
          strokeWidth={2}
          strokeScaleEnabled={false}
          listening={false}
        />
      ) : null}
    </Group>
  );
}
