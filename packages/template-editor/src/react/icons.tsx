/**
 * The editor's icons: 16×16 inline SVG drawn with `currentColor`, so they need no icon font or
 * emoji font and follow the button's colour (hover, disabled, pressed). Always decorative: the
 * button that holds one carries the accessible name.
 */
import type { ReactNode } from 'react';

const PATHS = {
  // History and clipboard
  undo: (
    <>
      <path d="M4 6.5h6.25a3.25 3.25 0 0 1 0 6.5H7" />
      <path d="M6.5 4 4 6.5 6.5 9" />
    </>
  ),
  redo: (
    <>
      <path d="M12 6.5H5.75a3.25 3.25 0 0 0 0 6.5H9" />
      <path d="M9.5 4 12 6.5 9.5 9" />
    </>
  ),
  copy: (
    <>
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
    </>
  ),
  paste: (
    <>
      <path d="M10.5 3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h1" />
      <rect x="5.5" y="1.75" width="5" height="2.5" rx="0.75" />
    </>
  ),
  duplicate: (
    <>
      <rect x="2.5" y="2.5" width="8" height="8" rx="1.5" />
      <path d="M13.5 5.5v7a1 1 0 0 1-1 1h-7M6.5 4.5v4M4.5 6.5h4" />
    </>
  ),
  delete: (
    <path d="M2.5 4.5h11M6 4.5V3a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v1.5M4 4.5l.7 8.6a1 1 0 0 0 1 .9h4.6a1 1 0 0 0 1-.9l.7-8.6M6.75 7v4.5M9.25 7v4.5" />
  ),
  // Zoom
  zoomIn: (
    <>
      <circle cx="7" cy="7" r="4.5" />
      <path d="m10.5 10.5 3 3M5 7h4M7 5v4" />
    </>
  ),
  zoomOut: (
    <>
      <circle cx="7" cy="7" r="4.5" />
      <path d="m10.5 10.5 3 3M5 7h4" />
    </>
  ),
  fitWidth: <path d="M2 3v10M14 3v10M4.5 8h7M6.5 6 4.5 8l2 2M9.5 6l2 2-2 2" />,
  fitPage: <path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10" />,
  // Alignment of fields
  alignLeft: (
    <>
      <path d="M2.5 2v12" />
      <rect x="4.5" y="4" width="9" height="3" rx="0.5" />
      <rect x="4.5" y="9" width="5" height="3" rx="0.5" />
    </>
  ),
  alignCenter: (
    <>
      <path d="M8 2v2M8 7v2M8 12v2" />
      <rect x="3" y="4" width="10" height="3" rx="0.5" />
      <rect x="5" y="9" width="6" height="3" rx="0.5" />
    </>
  ),
  alignRight: (
    <>
      <path d="M13.5 2v12" />
      <rect x="2.5" y="4" width="9" height="3" rx="0.5" />
      <rect x="6.5" y="9" width="5" height="3" rx="0.5" />
    </>
  ),
  alignTop: (
    <>
      <path d="M2 2.5h12" />
      <rect x="4" y="4.5" width="3" height="9" rx="0.5" />
      <rect x="9" y="4.5" width="3" height="5" rx="0.5" />
    </>
  ),
  alignMiddle: (
    <>
      <path d="M2 8h2M7 8h2M12 8h2" />
      <rect x="4" y="3" width="3" height="10" rx="0.5" />
      <rect x="9" y="5" width="3" height="6" rx="0.5" />
    </>
  ),
  alignBottom: (
    <>
      <path d="M2 13.5h12" />
      <rect x="4" y="2.5" width="3" height="9" rx="0.5" />
      <rect x="9" y="6.5" width="3" height="5" rx="0.5" />
    </>
  ),
  distributeHorizontal: (
    <>
      <path d="M2 2v12M14 2v12" />
      <rect x="6" y="4.5" width="4" height="7" rx="0.5" />
    </>
  ),
  distributeVertical: (
    <>
      <path d="M2 2h12M2 14h12" />
      <rect x="4.5" y="6" width="7" height="4" rx="0.5" />
    </>
  ),
  // Paint order
  bringForward: (
    <>
      <path d="M8 13.5v-8M5 8.5l3-3 3 3" />
      <path d="M3 2.5h10" strokeDasharray="2 2" />
    </>
  ),
  sendBackward: (
    <>
      <path d="M8 2.5v8M5 7.5l3 3 3-3" />
      <path d="M3 13.5h10" strokeDasharray="2 2" />
    </>
  ),
  bringToFront: <path d="M3 2.5h10M8 14V5.5M5 8.5l3-3 3 3" />,
  sendToBack: <path d="M3 13.5h10M8 2v8.5M5 7.5l3 3 3-3" />,
  // Field kinds
  text: <path d="M3 3.5h10M8 3.5V13M6 13h4" />,
  date: (
    <>
      <rect x="2.5" y="3.5" width="11" height="10" rx="1.5" />
      <path d="M2.5 6.5h11M5.5 2v3M10.5 2v3" />
    </>
  ),
  image: (
    <>
      <rect x="2" y="3" width="12" height="10" rx="1.5" />
      <circle cx="5.5" cy="6.5" r="1.25" />
      <path d="m2.5 12 3.5-3.5 2.5 2.5 2-2 3 3" />
    </>
  ),
  seal: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="m8 5 .9 1.85 2.05.3-1.48 1.44.35 2.04L8 9.67l-1.82.96.35-2.04-1.48-1.44 2.05-.3z" />
    </>
  ),
  // A seal straddling the edge between two pages
  crosspage: (
    <>
      <path d="M9.5 2v12" />
      <path d="M3 2h6.5M3 14h6.5M3 2v12" />
      <path d="M9.5 4.5a3.5 3.5 0 0 1 0 7" />
      <path d="M9.5 4.5a3.5 3.5 0 0 0 0 7" strokeDasharray="1.5 1.5" />
    </>
  ),
  signature: (
    <>
      <path d="M2 13.5h12" />
      <path d="M10.25 2.75l2 2L6 11H4V9z" />
    </>
  ),
  // Text alignment inside a field
  textLeft: <path d="M2.5 4h11M2.5 7h7M2.5 10h11M2.5 13h7" />,
  textCenter: <path d="M2.5 4h11M4.5 7h7M2.5 10h11M4.5 13h7" />,
  textRight: <path d="M2.5 4h11M6.5 7h7M2.5 10h11M6.5 13h7" />,
  // Panels
  add: <path d="M8 3v10M3 8h10" />,
  close: <path d="M4 4l8 8M12 4l-8 8" />,
  warning: (
    <>
      <path d="M7.13 2.5a1 1 0 0 1 1.74 0l5.5 9.75a1 1 0 0 1-.87 1.5h-11a1 1 0 0 1-.87-1.5z" />
      <path d="M8 6.5v3M8 11.75v.01" />
    </>
  ),
  ok: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="m5.5 8 1.75 1.75L10.5 6.5" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

/** Whether there is an icon of this name (toolbar actions are looked up by their name). */
export function hasIcon(name: string): name is IconName {
  return Object.hasOwn(PATHS, name);
}

/** A decorative 16×16 icon; give the button or link that holds it an accessible name. */
export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="esign-te__icon"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
