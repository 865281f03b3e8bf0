import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useEditor, useProjectState, useViewState } from '../context';
import { PAGE_GAP, layoutPages, pageAt, visibleRange } from './layout';
import { PageStage } from './PageStage';
import { useTouchZoom } from './touchZoom';

/**
 * The pages, stacked vertically in a scroll container. Only the pages near the viewport are
 * mounted (one screen of overscan above and below), so a 200-page template opens and scrolls as
 * fast as a one-page one.
 */
export function PagesCanvas() {
  const { view, t } = useEditor();
  const pages = useProjectState((s) => s.project.pages);
  const scale = useViewState((s) => s.scale);
  const scrollRequest = useViewState((s) => s.scrollRequest);
  const scroller = useRef<HTMLDivElement>(null);
  // Null until measured: pages mount once, at the zoom the editor opens at (it fits the width of
  // the canvas in the same commit), rather than at a default zoom first and then again.
  const [viewport, setViewport] = useState<{ top: number; height: number } | null>(null);
  const layout = useMemo(
    () =>
      layoutPages(
        pages.map((page) => page.config),
        scale,
      ),
    [pages, scale],
  );
  useTouchZoom(scroller, layout, scale, view);
  const [first, last] = viewport
    ? visibleRange(layout.slots, viewport.top, viewport.height)
    : [0, -1];

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setViewport({ top: element.scrollTop, height: element.clientHeight || 800 });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!scrollRequest || !element) return;
    const slot = layout.slots[scrollRequest.page];
    if (!slot) return;
    const box = scrollRequest.box;
    if (!box) {
      element.scrollTo({ top: slot.top - PAGE_GAP / 2 });
      return;
    }
    // The page is centred across the sheet, which is at least as wide as the canvas.
    const pageLeft = Math.max(layout.width, element.clientWidth) / 2 - slot.width / 2;
    element.scrollTo({
      top: slot.top + (box.top + box.height / 2) * scale - element.clientHeight / 2,
      left: pageLeft + (box.left + box.width / 2) * scale - element.clientWidth / 2,
    });
  }, [scrollRequest, layout, scale]);

  return (
    <div
      ref={scroller}
      className="esign-te__scroller"
      // Reachable by keyboard (Tab), so the pages scroll with the keys as with the mouse.
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        setViewport({ top: element.scrollTop, height: element.clientHeight });
        const current = pageAt(layout.slots, element.scrollTop, element.clientHeight);
        if (view.getState().currentPage !== current) view.getState().setCurrentPage(current);
      }}
    >
      <div className="esign-te__sheet" style={{ height: layout.height, minWidth: layout.width }}>
        {layout.slots.slice(first, last + 1).map((slot) => {
          const page = pages[slot.index]!;
          return (
            <div
              key={page.uuid}
              className="esign-te__page-slot"
              style={{ top: slot.top, width: slot.width, height: slot.height }}
              aria-label={t('pages.page', { number: slot.index + 1 })}
              role="group"
            >
              <PageStage page={page} pageIndex={slot.index} scale={scale} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
