/**
 * The editor's own styles, scoped under `.esign-te` and rendered inside its root: nothing leaks
 * into the host page. Theme it with the CSS custom properties on the root.
 */
export const EDITOR_CSS = `
.esign-te {
  --esign-te-accent: #1677ff;
  --esign-te-danger: #cf1322;
  --esign-te-border: #d9d9d9;
  --esign-te-surface: #ffffff;
  --esign-te-canvas: #f0f2f5;
  --esign-te-text: #1f1f1f;
  --esign-te-muted: #8c8c8c;
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
.esign-te__main:focus { outline: none; }
.esign-te__main:focus-visible { outline: 2px solid var(--esign-te-accent); outline-offset: -2px; }
.esign-te__scroller { flex: 1; overflow: auto; background: var(--esign-te-canvas); position: relative; }
.esign-te__sheet { position: relative; margin: 0 auto; }
.esign-te__page-slot { position: absolute; left: 50%; transform: translateX(-50%); box-shadow: 0 1px 4px rgba(0,0,0,.15); background: #fff; }
.esign-te__page { position: relative; }
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
.esign-te__fill-layer { position: absolute; inset: 0; pointer-events: none; }
.esign-te__fill-field, .esign-te__fill-image { position: absolute; pointer-events: auto; display: flex; }
.esign-te__fill-field textarea, .esign-te__fill-field input {
  width: 100%; height: 100%; resize: none; border: 1px solid var(--esign-te-accent); background: rgba(255,255,255,.92); padding: 2px 4px;
}
.esign-te__fill-field [aria-invalid='true'] { border-color: var(--esign-te-danger); }
.esign-te__fill-error { position: absolute; top: 100%; left: 0; white-space: nowrap; font-size: 12px; color: #fff; background: var(--esign-te-danger); padding: 1px 6px; border-radius: 3px; z-index: 2; }
.esign-te__fill-count { position: absolute; right: 2px; bottom: 1px; font-size: 10px; color: var(--esign-te-muted); }
.esign-te__fill-image { align-items: center; justify-content: center; border: 1px dashed var(--esign-te-accent); cursor: pointer; }
.esign-te__fill-image input { width: 100%; height: 100%; opacity: 0; cursor: pointer; }
.esign-te__visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.esign-te__list { list-style: none; margin: 0; padding: 0; }
.esign-te__list li { margin-bottom: 4px; }
.esign-te__list button { width: 100%; text-align: left; }
@media (max-width: 900px) {
  .esign-te__side { width: 180px; }
  .esign-te__side--right { width: 220px; }
}
`;
