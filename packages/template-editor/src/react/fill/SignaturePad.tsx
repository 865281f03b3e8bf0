import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useEditor } from '../context';

type Point = { x: number; y: number };

/** Draws strokes (CSS pixels) on a canvas, smoothed through the midpoints of their points. */
function paint(canvas: HTMLCanvasElement, strokes: readonly Point[][], ratio: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.lineWidth = 3;
  context.strokeStyle = '#111111';
  for (const stroke of strokes) {
    const [first] = stroke;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first.x, first.y);
    if (stroke.length === 1) context.lineTo(first.x + 0.1, first.y + 0.1);
    for (let i = 1; i < stroke.length - 1; i++) {
      const point = stroke[i]!;
      const next = stroke[i + 1]!;
      context.quadraticCurveTo(point.x, point.y, (point.x + next.x) / 2, (point.y + next.y) / 2);
    }
    const last = stroke.at(-1)!;
    if (stroke.length > 1) context.lineTo(last.x, last.y);
    context.stroke();
  }
}

/** The strokes as a PNG data URL cut to their ink (and a small margin), on transparent ground. */
function exportInk(strokes: readonly Point[][]): string {
  const points = strokes.flat();
  const margin = 8;
  const left = Math.min(...points.map((p) => p.x)) - margin;
  const top = Math.min(...points.map((p) => p.y)) - margin;
  const right = Math.max(...points.map((p) => p.x)) + margin;
  const bottom = Math.max(...points.map((p) => p.y)) + margin;
  const ratio = 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil((right - left) * ratio);
  canvas.height = Math.ceil((bottom - top) * ratio);
  paint(
    canvas,
    strokes.map((stroke) => stroke.map((p) => ({ x: p.x - left, y: p.y - top }))),
    ratio,
  );
  return canvas.toDataURL('image/png');
}

/**
 * A full-screen pad for drawing a signature with a finger, a pen or the mouse: undo a stroke,
 * clear, cancel, done. On a phone it asks for landscape where the browser allows (full screen
 * and an orientation lock; refused quietly elsewhere). Escape cancels.
 */
export function SignaturePad({
  title,
  onDone,
  onCancel,
}: {
  title: string;
  onDone(dataUrl: string): void;
  onCancel(): void;
}) {
  const { t, view } = useEditor();
  const canvas = useRef<HTMLCanvasElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);
  const [empty, setEmpty] = useState(false);

  // Size the canvas to its box at the screen's pixel ratio; repaint on resize or rotation.
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const size = () => {
      const ratio = window.devicePixelRatio || 1;
      element.width = Math.round(element.clientWidth * ratio);
      element.height = Math.round(element.clientHeight * ratio);
      paint(element, drawing.current ? [...strokes, drawing.current] : strokes, ratio);
    };
    size();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(size);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [strokes]);

  // Landscape on a phone, where the browser lets a page ask for it.
  useEffect(() => {
    if (!view.getState().narrow) return;
    const root = dialog.current;
    let locked = false;
    const orientation = screen.orientation as ScreenOrientation & {
      lock?: (orientation: string) => Promise<void>;
    };
    root
      ?.requestFullscreen?.()
      .then(() => orientation.lock?.('landscape'))
      .then(() => {
        locked = true;
      })
      .catch(() => undefined);
    return () => {
      if (locked) orientation.unlock?.();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [view]);

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  const at = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const repaint = (current: Point[] | null) => {
    const element = canvas.current;
    if (element) {
      paint(element, current ? [...strokes, current] : strokes, window.devicePixelRatio || 1);
    }
  };

  return (
    <div
      ref={dialog}
      className="esign-te__pad"
      role="dialog"
      aria-modal="true"
      aria-label={t('fill.signatureTitle')}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="esign-te__pad-head">
        <strong>{title}</strong>
        <span>{t('fill.signatureHint')}</span>
      </div>
      <canvas
        ref={canvas}
        className="esign-te__pad-canvas"
        aria-label={t('fill.signatureTitle')}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          drawing.current = [at(event)];
          setEmpty(false);
          repaint(drawing.current);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
          const rect = event.currentTarget.getBoundingClientRect();
          for (const one of events) {
            drawing.current.push({ x: one.clientX - rect.left, y: one.clientY - rect.top });
          }
          repaint(drawing.current);
        }}
        onPointerUp={() => {
          const stroke = drawing.current;
          drawing.current = null;
          if (stroke) setStrokes((previous) => [...previous, stroke]);
        }}
        onPointerCancel={() => {
          drawing.current = null;
          repaint(null);
        }}
      />
      {empty ? (
        <p className="esign-te__error esign-te__pad-empty" role="alert">
          {t('fill.signatureEmpty')}
        </p>
      ) : null}
      <div className="esign-te__pad-actions">
        <button
          type="button"
          disabled={strokes.length === 0}
          onClick={() => setStrokes((previous) => previous.slice(0, -1))}
        >
          {t('fill.undoStroke')}
        </button>
        <button type="button" disabled={strokes.length === 0} onClick={() => setStrokes([])}>
          {t('fill.clear')}
        </button>
        <span className="esign-te__spacer" />
        <button type="button" onClick={onCancel}>
          {t('fill.cancel')}
        </button>
        <button
          type="button"
          className="esign-te__primary"
          onClick={() => {
            if (strokes.length === 0) setEmpty(true);
            else onDone(exportInk(strokes));
          }}
        >
          {t('fill.done')}
        </button>
      </div>
    </div>
  );
}
