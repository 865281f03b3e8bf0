/** Helpers for the editor's real-browser tests: real mouse gestures on the canvas. */
import { commands } from 'vitest/browser';

export interface MouseStep {
  type: 'move' | 'down' | 'up';
  x: number;
  y: number;
  steps?: number;
}

/** A step of a touch gesture: the fingers on the screen after it (none when all are lifted). */
export interface TouchStep {
  type: 'start' | 'move' | 'end';
  points: { x: number; y: number }[];
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    mouse(steps: MouseStep[]): Promise<void>;
    touch(steps: TouchStep[]): Promise<void>;
  }
}

/** Where a point of a page (in points) is on the screen. */
export function pagePoint(
  root: HTMLElement,
  pageNumber: number,
  x: number,
  y: number,
): { x: number; y: number } {
  const page = root.querySelector<HTMLElement>(`.esign-te__page[data-page="${pageNumber}"]`);
  if (!page) throw new Error(`Page ${pageNumber} is not mounted`);
  const rect = page.getBoundingClientRect();
  const scale = rect.width / Number(page.dataset.width);
  return { x: rect.left + x * scale, y: rect.top + y * scale };
}

/** Presses at one screen point, moves in steps to another, and releases. */
export async function drag(
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 12,
): Promise<void> {
  await commands.mouse([
    { type: 'move', x: from.x, y: from.y },
    { type: 'down', x: from.x, y: from.y },
    { type: 'move', x: from.x + (to.x - from.x) / 3, y: from.y + (to.y - from.y) / 3, steps: 3 },
    { type: 'move', x: to.x, y: to.y, steps },
    { type: 'up', x: to.x, y: to.y },
  ]);
}

export async function click(at: { x: number; y: number }): Promise<void> {
  await commands.mouse([
    { type: 'down', x: at.x, y: at.y },
    { type: 'up', x: at.x, y: at.y },
  ]);
}

/** Waits for the browser to paint (Konva draws on the next animation frame). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
}
