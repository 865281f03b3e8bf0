/**
 * The guided fill's own styles (its controls, the bottom sheet's moves, the signature pad), loaded
 * with it on demand: an editor that never fills ships none of them. The panel's frame and the
 * ring around the current field stay in the editor's styles (`../styles.ts`), which the loading
 * panel and the canvas use.
 */
export const FILL_CSS = `
/* On the sheet the moves stay in reach while the field's controls scroll under them. */
.esign-te__fill--sheet .esign-te__fill-nav { position: sticky; bottom: 0; margin-bottom: -10px; padding: 8px 0 10px; background: var(--esign-te-surface); }
.esign-te__fill--sheet .esign-te__fill-photo { max-height: 112px; }
.esign-te__fill-head { display: flex; align-items: center; gap: 8px; color: var(--esign-te-muted); font-size: 12px; }
.esign-te__fill-head progress { flex: 1; height: 6px; accent-color: var(--esign-te-accent); }
.esign-te__fill-intro { display: flex; flex-direction: column; gap: 10px; }
.esign-te__fill-intro p { margin: 0; }
.esign-te__fill-field { display: flex; flex-direction: column; gap: 8px; }
.esign-te__fill-label { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px; }
.esign-te__fill-label label { font-size: 15px; font-weight: 600; }
.esign-te__fill-tag { font-size: 12px; padding: 0 6px; border-radius: 10px; background: var(--esign-te-canvas); color: var(--esign-te-muted); }
.esign-te__fill-tag.is-required { background: #fff1f0; color: var(--esign-te-danger); }
.esign-te__fill-position { margin-left: auto; font-size: 12px; color: var(--esign-te-muted); }
.esign-te .esign-te__fill input[type='text'], .esign-te .esign-te__fill textarea, .esign-te .esign-te__fill select {
  width: 100%; min-height: 44px; font-size: 16px; padding: 8px 10px;
  border: 1px solid var(--esign-te-border); border-radius: var(--esign-te-radius); background: var(--esign-te-surface);
}
.esign-te .esign-te__fill textarea { resize: vertical; }
.esign-te .esign-te__fill [aria-invalid='true'] { border-color: var(--esign-te-danger); }
.esign-te .esign-te__fill button { min-height: 44px; padding: 6px 14px; font-size: 15px; }
.esign-te .esign-te__primary { background: var(--esign-te-accent); border-color: var(--esign-te-accent); color: #fff; }
.esign-te .esign-te__primary:hover:not(:disabled) { color: #fff; filter: brightness(1.08); }
/* Each select at least as wide as its longest choice or label (Month, not Mon). */
.esign-te__fill-date { display: grid; grid-template-columns: minmax(max-content, 1.3fr) minmax(max-content, 1fr) minmax(max-content, 1fr); gap: 6px; }
.esign-te__fill-row, .esign-te__fill-nav { display: flex; flex-wrap: wrap; gap: 8px; }
.esign-te__fill-nav > * { flex: 1; }
.esign-te__fill-hint { margin: 0; display: flex; justify-content: space-between; gap: 8px; font-size: 12px; color: var(--esign-te-muted); }
.esign-te__fill-problem { margin: 0; font-size: 13px; }
.esign-te__fill-done { margin: 0; color: #237804; }
.esign-te__fill-photo { display: block; max-width: 100%; max-height: 160px; object-fit: contain; border: 1px solid var(--esign-te-border); border-radius: var(--esign-te-radius); background: #fff; }
/* The signature pad: the whole screen, landscape where the phone allows. */
.esign-te__pad {
  position: fixed; inset: 0; z-index: 1000; display: flex; flex-direction: column; gap: 8px;
  padding: 12px calc(12px + env(safe-area-inset-right)) calc(12px + env(safe-area-inset-bottom)) calc(12px + env(safe-area-inset-left));
  background: var(--esign-te-surface); color: var(--esign-te-text); font-family: var(--esign-te-font);
}
.esign-te__pad:focus { outline: none; }
.esign-te__pad-head { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
.esign-te__pad-head span { color: var(--esign-te-muted); font-size: 13px; }
.esign-te__pad-canvas { flex: 1; min-height: 0; width: 100%; border: 1px dashed var(--esign-te-border); border-radius: var(--esign-te-radius); touch-action: none; background: #fff; }
.esign-te__pad-empty { margin: 0; }
.esign-te__pad-actions { display: flex; gap: 8px; }
.esign-te__pad-actions button { min-height: 44px; padding: 6px 14px; }
`;
