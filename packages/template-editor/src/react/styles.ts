/**
 * The editor's own styles, scoped under `.esign-te` and rendered inside its root: nothing leaks
 * into the host page. Theme it with the CSS custom properties on the root.
 */
export const EDITOR_CSS = `
.esign-te {
  --esign-te-accent: #0958d9;
  --esign-te-danger: #cf1322;
  --esign-te-border: #d9d9d9;
  --esign-te-surface: #ffffff;
  --esign-te-canvas: #f0f2f5;
  --esign-te-text: #1f1f1f;
  --esign-te-muted: #595959;
  --esign-te-radius: 6px;
  --esign-te-font: -apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', sans-serif;
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 480px;
  box-sizing: border-box;
  font-family: var(--esign-te-font);
  font-size: 13px;
  color: var(--esign-te-text);
  background: var(--esign-te-surface);
  border: 1px solid var(--esign-te-border);
  border-radius: var(--esign-te-radius);
  overflow: hidden;
}
.esign-te *, .esign-te *::before, .esign-te *::after { box-sizing: border-box; }
.esign-te button, .esign-te input, .esign-te select, .esign-te textarea { font: inherit; color: inherit; }
.esign-te button {
  border: 1px solid var(--esign-te-border);
  background: var(--esign-te-surface);
  border-radius: 4px;
  padding: 3px 8px;
  min-height: 28px;
  cursor: pointer;
}
.esign-te button:hover:not(:disabled) { border-color: var(--esign-te-accent); color: var(--esign-te-accent); }
.esign-te button:disabled { opacity: 0.4; cursor: not-allowed; }
.esign-te button[aria-pressed='true'] { background: var(--esign-te-accent); color: #fff; border-color: var(--esign-te-accent); }
.esign-te :focus-visible { outline: 2px solid var(--esign-te-accent); outline-offset: 1px; }
.esign-te__toolbar {
  display: flex; flex-wrap: wrap; align-items: center; gap: 4px;
  padding: 6px 8px; border-bottom: 1px solid var(--esign-te-border);
}
.esign-te__toolbar-group { display: flex; gap: 2px; padding-right: 6px; margin-right: 2px; border-right: 1px solid var(--esign-te-border); }
.esign-te__toolbar-group:last-child { border-right: 0; }
.esign-te__zoom { min-width: 56px; text-align: center; font-variant-numeric: tabular-nums; }
.esign-te__body { flex: 1; display: flex; min-height: 0; }
.esign-te__side { width: 240px; flex: none; overflow: auto; border-right: 1px solid var(--esign-te-border); }
.esign-te__side--right { border-right: 0; border-left: 1px solid var(--esign-te-border); width: 280px; }
.esign-te__main { flex: 1; min-width: 0; position: relative; display: flex; }
.esign-te__scroller:focus { outline: none; }
.esign-te__scroller:focus-visible { outline: 2px solid var(--esign-te-accent); outline-offset: -2px; }
.esign-te__scroller { flex: 1; overflow: auto; background: var(--esign-te-canvas); position: relative; touch-action: pan-x pan-y; overscroll-behavior: contain; }
.esign-te__sheet { position: relative; margin: 0 auto; }
.esign-te__page-slot { position: absolute; left: 50%; transform: translateX(-50%); box-shadow: 0 1px 4px rgba(0,0,0,.15); background: #fff; }
.esign-te__page { position: relative; }
/* Each layer's canvas on its own compositor layer: a drag moves the lifted fields' canvas with a
   CSS transform (canvas/dragLayer.ts), which the compositor applies without repainting the page;
   the page clips that canvas, so a field dragged to the edge never widens the scroll area. */
.esign-te__page canvas { will-change: transform; }
.esign-te__page .konvajs-content { overflow: hidden; }
.esign-te__snap-guide { position: absolute; left: 0; top: 0; pointer-events: none; will-change: transform, opacity; }
.esign-te__snap-guide--vertical { height: 100%; border-left: 1px dashed #eb2f96; }
.esign-te__snap-guide--horizontal { width: 100%; border-top: 1px dashed #eb2f96; }
.esign-te__page-failed { position: absolute; z-index: 1; top: 12px; left: 50%; transform: translateX(-50%); display: flex; align-items: center; gap: 8px; max-width: calc(100% - 24px); padding: 6px 10px; border: 1px solid var(--esign-te-danger); border-radius: 4px; background: var(--esign-te-surface); color: var(--esign-te-danger); box-shadow: 0 1px 4px rgba(0,0,0,.12); }
.esign-te__panel { padding: 10px 12px; border-bottom: 1px solid var(--esign-te-border); }
.esign-te__panel h2 { font-size: 13px; font-weight: 600; margin: 0 0 8px; }
.esign-te__panel p { margin: 4px 0; color: var(--esign-te-muted); }
.esign-te__toolbox { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; list-style: none; margin: 0; padding: 0; }
.esign-te__toolbox button { width: 100%; text-align: left; cursor: grab; }
.esign-te__field { display: flex; flex-direction: column; gap: 2px; margin-bottom: 8px; }
.esign-te__field input:not([type='checkbox']), .esign-te__field select, .esign-te__field textarea {
  border: 1px solid var(--esign-te-border); border-radius: 4px; padding: 3px 6px; min-height: 28px; width: 100%;
}
.esign-te__check { display: flex; align-items: center; gap: 6px; margin-bottom: 6px; }
.esign-te__row { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; }
.esign-te__error { color: var(--esign-te-danger); }
.esign-te__error-panel { margin: 24px; padding: 16px; border: 1px solid var(--esign-te-danger); border-radius: var(--esign-te-radius); background: #fff1f0; }
.esign-te__error-panel h2 { margin: 0 0 8px; font-size: 15px; color: var(--esign-te-danger); }
.esign-te__error-panel code { font-family: ui-monospace, monospace; }
.esign-te__pdf-loading {
  flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 10px;
  background: var(--esign-te-canvas); color: var(--esign-te-muted);
}
.esign-te__pdf-loading progress { width: 200px; }
.esign-te__spinner {
  width: 24px; height: 24px; border-radius: 50%; border: 3px solid var(--esign-te-border);
  border-top-color: var(--esign-te-accent); animation: esign-te-spin 0.8s linear infinite;
}
@keyframes esign-te-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .esign-te__spinner { animation: none; } }
.esign-te__pdf-notice {
  position: absolute; top: 8px; left: 50%; transform: translateX(-50%); max-width: calc(100% - 32px);
  padding: 4px 12px; border-radius: var(--esign-te-radius); background: var(--esign-te-surface);
  box-shadow: 0 1px 4px rgba(0,0,0,.15); color: var(--esign-te-muted); pointer-events: none;
}
.esign-te__pdf-notice--error { color: var(--esign-te-danger); border: 1px solid var(--esign-te-danger); pointer-events: auto; }
/* Fill mode: the guided fill beside the page (wide) or as a bottom sheet (narrow, a phone). */
.esign-te__fill { display: flex; flex-direction: column; gap: 10px; padding: 12px; }
.esign-te__fill--sheet {
  flex: none; max-height: 58%; overflow: auto; border-top: 1px solid var(--esign-te-border);
  box-shadow: 0 -4px 12px rgba(0,0,0,.08); padding: 10px 12px calc(10px + env(safe-area-inset-bottom));
}
.esign-te__fill-ring {
  position: absolute; pointer-events: none; border: 2px solid var(--esign-te-accent); border-radius: 4px;
  box-shadow: 0 0 0 3px rgba(22,119,255,.2);
}
.esign-te__spacer { flex: 1; }
.esign-te__visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.esign-te__list { list-style: none; margin: 0; padding: 0; }
.esign-te__list li { margin-bottom: 4px; }
.esign-te__list button { width: 100%; text-align: left; }
@media (max-width: 900px) {
  .esign-te__side { width: 180px; }
  .esign-te__side--right { width: 220px; }
}
/* Icons and icon buttons */
.esign-te .esign-te__icon { display: block; flex: none; }
.esign-te__toolbar button { display: inline-flex; align-items: center; justify-content: center; min-width: 28px; padding: 3px 6px; }
.esign-te__toolbox button { display: flex; align-items: center; gap: 6px; }
.esign-te .esign-te__icon-button { display: inline-flex; align-items: center; justify-content: center; width: 28px; height: 28px; min-height: 28px; padding: 0; flex: none; }
.esign-te .esign-te__icon-text { display: inline-flex; align-items: center; gap: 4px; min-height: 24px; padding: 1px 8px 1px 6px; font-size: 12px; }
.esign-te button[aria-disabled='true'] { opacity: 0.4; cursor: not-allowed; }
.esign-te button[aria-disabled='true']:hover { border-color: var(--esign-te-border); color: inherit; }
.esign-te__buttons { display: flex; gap: 3px; }

/* Panels */
.esign-te__side { display: flex; flex-direction: column; }
.esign-te__side > .esign-te__panel { flex: none; }
.esign-te__panel-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
.esign-te__panel .esign-te__panel-head h2 { margin: 0; }
.esign-te__count { display: inline-block; min-width: 18px; padding: 0 5px; border-radius: 9px; background: var(--esign-te-canvas); color: var(--esign-te-muted); font-size: 11px; font-weight: 500; line-height: 18px; text-align: center; }
.esign-te .esign-te__hint, .esign-te .esign-te__note { color: var(--esign-te-muted); font-size: 12px; }
.esign-te .esign-te__note { margin: 0 0 8px; }
.esign-te .esign-te__panel p.esign-te__error { color: var(--esign-te-danger); }
.esign-te .esign-te__panel p.esign-te__error, .esign-te .esign-te__panel p.esign-te__ok { display: flex; align-items: flex-start; gap: 6px; }
.esign-te .esign-te__panel p.esign-te__error .esign-te__icon, .esign-te .esign-te__panel p.esign-te__ok .esign-te__icon { margin-top: 1px; }
.esign-te .esign-te__panel p.esign-te__ok { color: #237804; }
.esign-te__field > label, .esign-te__label { font-size: 12px; color: #595959; display: flex; align-items: center; }
.esign-te__field > .esign-te__error, .esign-te__field--check .esign-te__error { font-size: 12px; }
.esign-te__field input[aria-invalid='true'], .esign-te__field select[aria-invalid='true'] { border-color: var(--esign-te-danger); }
/* Fields side by side share their label, control and error rows (subgrid), so controls line up
   even when one label wraps or one field shows an error. */
.esign-te__row { column-gap: 8px; row-gap: 0; align-items: stretch; }
.esign-te__row > .esign-te__field { min-width: 0; display: grid; grid-row: span 3; grid-template-rows: subgrid; row-gap: 2px; }
.esign-te__row > .esign-te__field > :first-child { align-self: end; }
.esign-te__row > .esign-te__field--check > .esign-te__check { grid-row: 2; }
.esign-te__row > .esign-te__field--check > .esign-te__error { grid-row: 3; }
.esign-te__field--check { margin-bottom: 4px; }
.esign-te__field--check .esign-te__check { min-height: 28px; margin: 0; }
.esign-te__toolbar-group { align-items: center; }
.esign-te__swatch { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-left: 6px; }

/* Properties */
.esign-te__properties .esign-te__field { margin-bottom: 6px; }
.esign-te .esign-te__kind { display: flex; align-items: center; gap: 6px; margin: 0 0 8px; color: var(--esign-te-text); font-weight: 500; }
.esign-te__kind > span:not(:nth-child(2)) { color: var(--esign-te-muted); font-weight: 400; }
.esign-te__group { border: 0; border-top: 1px solid var(--esign-te-border); margin: 4px 0 8px; padding: 8px 0 0; min-width: 0; }
.esign-te__group legend { padding: 0 6px 0 0; font-size: 12px; font-weight: 600; color: var(--esign-te-muted); }
.esign-te__color { display: flex; gap: 4px; }
.esign-te .esign-te__color input[type='color'] { flex: none; width: 32px; height: 28px; padding: 2px; cursor: pointer; background: var(--esign-te-surface); }
.esign-te .esign-te__color input[type='text'] { flex: 1; min-width: 0; font-family: ui-monospace, monospace; font-size: 12px; }
.esign-te__seal-preview { display: block; width: 64px; height: 64px; object-fit: contain; margin: 0 0 6px; }

/* Pages */
.esign-te__side > .esign-te__pages { flex: 1 1 0; min-height: 220px; display: flex; flex-direction: column; border-bottom: 0; padding-bottom: 0; }
.esign-te__page-list { flex: 1; min-height: 0; overflow: auto; position: relative; list-style: none; margin: 0 -12px; padding: 4px 12px 12px; display: flex; flex-direction: column; gap: 6px; }
.esign-te__page-item { position: relative; display: flex; justify-content: center; }
.esign-te__page-card { position: relative; }
.esign-te .esign-te__page-go { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 6px 8px 2px; border-color: transparent; background: transparent; }
.esign-te .esign-te__page-go:hover:not(:disabled) { border-color: transparent; background: var(--esign-te-canvas); }
.esign-te__thumb { display: block; position: relative; background: #fff no-repeat center; border: 1px solid var(--esign-te-border); box-shadow: 0 1px 2px rgba(0,0,0,.08); overflow: hidden; }
.esign-te__thumb svg, .esign-te__thumb-pdf { position: absolute; inset: 0; width: 100%; height: 100%; }
.esign-te__page-go[aria-current='page'] .esign-te__thumb { border-color: var(--esign-te-accent); box-shadow: 0 0 0 2px var(--esign-te-accent); }
.esign-te__page-number { font-size: 12px; color: var(--esign-te-muted); font-variant-numeric: tabular-nums; }
.esign-te__page-go[aria-current='page'] .esign-te__page-number { color: var(--esign-te-accent); font-weight: 600; }
.esign-te .esign-te__page-delete { position: absolute; top: 10px; right: 12px; width: 24px; height: 24px; min-height: 24px; background: var(--esign-te-surface); opacity: 0; }
.esign-te__page-item:hover .esign-te__page-delete, .esign-te__page-item[data-current] .esign-te__page-delete, .esign-te .esign-te__page-delete:focus-visible { opacity: 1; }
.esign-te .esign-te__page-delete:hover:not(:disabled) { color: var(--esign-te-danger); border-color: var(--esign-te-danger); }
.esign-te__jump { display: flex; align-items: center; gap: 6px; margin-bottom: 4px; font-size: 12px; color: #595959; }
.esign-te__jump input { width: 56px; border: 1px solid var(--esign-te-border); border-radius: 4px; padding: 2px 6px; min-height: 26px; text-align: center; }

/* Participants */
.esign-te__parties li { border: 1px solid var(--esign-te-border); border-radius: var(--esign-te-radius); padding: 6px; margin-bottom: 6px; }
.esign-te__party-head { display: flex; align-items: center; gap: 6px; }
.esign-te__party-head input { flex: 1; min-width: 0; border: 1px solid var(--esign-te-border); border-radius: 4px; padding: 3px 6px; min-height: 28px; }
.esign-te__badge { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 22px; height: 22px; border-radius: 4px; color: #fff; font-weight: 600; font-size: 12px; }
.esign-te__party-roles { display: flex; gap: 14px; padding-left: 28px; margin-top: 4px; }
.esign-te__party-roles .esign-te__check { margin: 0; }
.esign-te__party > .esign-te__error { display: block; padding: 2px 0 0 28px; font-size: 12px; }
.esign-te__parties li:has(> .esign-te__party > .esign-te__error) { border-color: var(--esign-te-danger); }

/* Checks */
.esign-te__check-list { max-height: 320px; overflow: auto; }
.esign-te .esign-te__check-item { display: flex; align-items: flex-start; gap: 6px; width: 100%; padding: 5px 6px; text-align: left; line-height: 1.4; }
.esign-te div.esign-te__check-item { border: 1px solid transparent; }
.esign-te__check-item > .esign-te__icon { color: #d48806; margin-top: 1px; }
.esign-te__check-text { min-width: 0; overflow-wrap: anywhere; }
.esign-te__check-page { display: block; font-size: 11px; color: var(--esign-te-muted); }
.esign-te__panel h3.esign-te__warnings-title { margin: 10px 0 4px; font-size: 12px; font-weight: 600; }
.esign-te__check-list[data-level='warning'] .esign-te__check-item > .esign-te__icon { color: var(--esign-te-muted); }

/* Where a seal's copy sits */
.esign-te__seal-place { margin: 0 0 8px; }
.esign-te .esign-te__seal-place .esign-te__note { margin-bottom: 4px; }

/* A select shows its chosen label over itself, wrapping rather than cut (panels/controls.tsx). */
.esign-te__select { display: grid; min-width: 0; }
.esign-te__select > select, .esign-te__select > .esign-te__select-value { grid-area: 1 / 1; min-width: 0; }
.esign-te .esign-te__select > select {
  appearance: none; color: transparent; background: var(--esign-te-surface) no-repeat right 7px center / 10px 6px;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 6'%3E%3Cpath d='M1 1l4 4 4-4' fill='none' stroke='%23595959' stroke-width='1.5'/%3E%3C/svg%3E");
}
.esign-te__select > select option { color: var(--esign-te-text); }
.esign-te__select-value { align-self: center; padding: 4px 22px 4px 7px; line-height: 1.35; overflow-wrap: anywhere; pointer-events: none; }
/* The party takes the room "Required" leaves beside it: a party's name reads on few lines. */
.esign-te__row--party { grid-template-columns: minmax(0, 1fr) auto; }

/* Design mode on a phone (the editor narrower than 720 px): the pages first, the panels below them
   at full width, all in one scroll; the selected field's properties first. */
.esign-te[data-narrow][data-mode='design'] .esign-te__body { flex-direction: column; overflow: auto; }
.esign-te[data-narrow][data-mode='design'] .esign-te__main { flex: none; height: 58%; min-height: 260px; }
.esign-te[data-narrow][data-mode='design'] .esign-te__side { width: auto; flex: none; overflow: visible; border: 0; border-top: 1px solid var(--esign-te-border); order: 2; }
.esign-te[data-narrow][data-mode='design'] .esign-te__side--right { order: 1; }
.esign-te[data-narrow][data-mode='design'] .esign-te__side > .esign-te__pages { min-height: 0; }
.esign-te[data-narrow][data-mode='design'] .esign-te__page-list { max-height: 260px; }
.esign-te[data-narrow][data-mode='design'] .esign-te__toolbox { grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); }
`;
