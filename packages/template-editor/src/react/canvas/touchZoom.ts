import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ViewStore } from '../view';
import { clampScale } from '../view';
import { pagePointAt, scrollToShow, type PagePoint, type PageSlot } from './layout';

/** Taps at most this far apart (CSS pixels) and this close in time (ms) are a double tap. */
const DOUBLE_TAP_DISTANCE = 30;
const DOUBLE_TAP_TIME = 300;
/** A finger that moves farther than this (CSS pixels) does not tap. */
const TAP_SLOP = 10;
/** A double tap zooms to this, or back to the zoom the pages opened at when already there. */
const DOUBLE_TAP_SCALE = 2;

interface Layout {
  slots: readonly PageSlot[];
  width: number;
}

/**
 * Touch on the pages: one finger scrolls (the browser's own), two fingers pinch to zoom around
 * their midpoint and pan with it, a double tap zooms in around the tap (or back out). The
 * browser's own pinch and double-tap zoom of the whole page are off over the pages
 * (`touch-action: pan-x pan-y`), so the document around the editor stays as it is.
 */
export function useTouchZoom(
  scrollerRef: RefObject<HTMLDivElement | null>,
  layout: Layout,
  scale: number,
  view: ViewStore,
): void {
  // The page point to keep at a place of the viewport once the new zoom is laid out.
  const anchorRef = useRef<{ point: PagePoint; x: number; y: number } | null>(null);
  const latestRef = useRef({ layout, scale });
  useLayoutEffect(() => {
    latestRef.current = { layout, scale };
    const element = scrollerRef.current;
    const wanted = anchorRef.current;
    if (!element || !wanted) return;
    const scroll = scrollToShow(
      layout,
      scale,
      wanted.point,
      element.clientWidth,
      wanted.x,
      wanted.y,
    );
    anchorRef.current = null;
    if (scroll) {
      element.scrollLeft = scroll.left;
      element.scrollTop = scroll.top;
    }
  }, [layout, scale, scrollerRef]);

  useEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    let pinch: { distance: number; scale: number; point: PagePoint } | null = null;
    let tap: { x: number; y: number; time: number; moved: boolean } | null = null;
    let lastTap: { x: number; y: number; time: number } | null = null;

    const local = (touch: Touch) => {
      const rect = element.getBoundingClientRect();
      return { x: touch.clientX - rect.left, y: touch.clientY - rect.top };
    };
    const pointAt = (x: number, y: number) =>
      pagePointAt(
        latestRef.current.layout,
        latestRef.current.scale,
        { left: element.scrollLeft, top: element.scrollTop },
        element.clientWidth,
        x,
        y,
      );
    const zoomAround = (next: number, point: PagePoint, x: number, y: number) => {
      if (clampScale(next) !== latestRef.current.scale) {
        anchorRef.current = { point, x, y };
      } else {
        // The zoom stays: only the scroll follows the fingers.
        const scroll = scrollToShow(
          latestRef.current.layout,
          latestRef.current.scale,
          point,
          element.clientWidth,
          x,
          y,
        );
        if (scroll) {
          element.scrollLeft = scroll.left;
          element.scrollTop = scroll.top;
        }
      }
      view.getState().setScale(next);
    };
    const midpoint = (touches: TouchList) => {
      const a = local(touches[0]!);
      const b = local(touches[1]!);
      return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, distance: Math.hypot(a.x - b.x, a.y - b.y) };
    };

    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 2) {
        const middle = midpoint(event.touches);
        const point = pointAt(middle.x, middle.y);
        pinch = point
          ? { distance: Math.max(1, middle.distance), scale: latestRef.current.scale, point }
          : null;
        tap = null;
      } else if (event.touches.length === 1) {
        const at = local(event.touches[0]!);
        tap = { ...at, time: event.timeStamp, moved: false };
      } else {
        tap = null;
      }
    };
    const onMove = (event: TouchEvent) => {
      if (tap && event.touches.length === 1) {
        const at = local(event.touches[0]!);
        if (Math.hypot(at.x - tap.x, at.y - tap.y) > TAP_SLOP) tap.moved = true;
      }
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const middle = midpoint(event.touches);
      zoomAround(pinch.scale * (middle.distance / pinch.distance), pinch.point, middle.x, middle.y);
    };
    const onEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
      if (event.touches.length > 0 || !tap) return;
      const ended = tap;
      tap = null;
      if (ended.moved || event.timeStamp - ended.time > DOUBLE_TAP_TIME) {
        lastTap = null;
        return;
      }
      const now = { x: ended.x, y: ended.y, time: event.timeStamp };
      if (
        lastTap &&
        now.time - lastTap.time < DOUBLE_TAP_TIME &&
        Math.hypot(now.x - lastTap.x, now.y - lastTap.y) < DOUBLE_TAP_DISTANCE
      ) {
        lastTap = null;
        event.preventDefault();
        const point = pointAt(now.x, now.y);
        if (!point) return;
        const zoomed = latestRef.current.scale >= DOUBLE_TAP_SCALE - 0.01;
        zoomAround(zoomed ? view.getState().openingScale : DOUBLE_TAP_SCALE, point, now.x, now.y);
      } else {
        lastTap = now;
      }
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: false });
    element.addEventListener('touchcancel', onEnd, { passive: false });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [scrollerRef, view]);
}
