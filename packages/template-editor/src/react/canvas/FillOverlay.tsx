import { useState } from 'react';
import type { TemplateElement, TemplatePage } from '../../core';
import { useEditor } from '../context';
import { formatDate, parseFormattedDate } from '../dates';

/**
 * Fill mode: HTML inputs over the filling party's text, date and image fields. Values are checked
 * as they are typed (digits only, length limit) and on leaving a field (required), with messages in
 * the editor's language; each committed value is one undoable step.
 */
export function FillOverlay({ page, scale }: { page: TemplatePage; scale: number }) {
  const { party } = useEditor();
  const own = page.elements.filter(
    (element) =>
      element.config.party === party && ['text', 'date', 'image'].includes(element.elName),
  );
  return (
    <div className="esign-te__fill-layer">
      {own.map((element) => (
        <FillField key={element.uuid} element={element} scale={scale} />
      ))}
    </div>
  );
}

function FillField({ element, scale }: { element: TemplateElement; scale: number }) {
  const { store, t } = useEditor();
  const style = element.commonStyle;
  const committed = element.value;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? committed;
  const limit = element.previewConfig.limitNum;
  const box: React.CSSProperties = {
    left: style.left * scale,
    top: style.top * scale,
    width: style.width * scale,
    height: style.height * scale,
    transform: style.rotate ? `rotate(${style.rotate}deg)` : undefined,
  };
  const commit = (next: string) => {
    setDraft(null);
    if (element.config.required && !next.trim()) setError(t('fill.required'));
    if (next !== committed) store.getState().updateElements([element.uuid], { value: next });
  };

  if (element.elName === 'image') {
    return (
      <label className="esign-te__fill-image" style={box}>
        <span className="esign-te__visually-hidden">{element.title}</span>
        <input
          type="file"
          accept="image/png,image/jpeg"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            const reader = new FileReader();
            reader.onload = () => commit(String(reader.result));
            reader.readAsDataURL(file);
          }}
        />
      </label>
    );
  }

  const input =
    element.elName === 'date' ? (
      <input
        type="date"
        aria-label={element.title}
        aria-required={element.config.required}
        aria-invalid={!!error}
        title={element.config.tip || element.title}
        value={parseFormattedDate(value, element.config.dateFormat) ?? ''}
        onChange={(event) => {
          setError(null);
          commit(
            event.target.value ? formatDate(event.target.value, element.config.dateFormat) : '',
          );
        }}
        style={{ fontSize: style.fontSize * scale }}
      />
    ) : (
      <textarea
        aria-label={element.title}
        aria-required={element.config.required}
        aria-invalid={!!error}
        placeholder={element.config.tip || element.title}
        value={value}
        inputMode={element.config.isNumber ? 'numeric' : undefined}
        rows={Math.max(1, element.previewConfig.linesNum)}
        onChange={(event) => {
          let next = event.target.value;
          let problem: string | null = null;
          if (element.config.isNumber && /\D/.test(next)) {
            next = next.replace(/\D/g, '');
            problem = t('fill.digitsOnly');
          }
          if (limit > 0 && next.length > limit) {
            next = next.slice(0, limit);
            problem = t('fill.tooLong', { count: limit });
          }
          setError(problem);
          setDraft(next);
        }}
        onBlur={() => commit(value)}
        style={{
          fontSize: style.fontSize * scale,
          lineHeight: style.lineHeight,
          textAlign: style.textAlign,
          color: style.color,
        }}
      />
    );
  return (
    <div className="esign-te__fill-field" style={box}>
      {input}
      {element.config.showFontNum && limit > 0 ? (
        <span className="esign-te__fill-count">
          {t('fill.count', { count: value.length, limit })}
        </span>
      ) : null}
      {error ? (
        <span className="esign-te__fill-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
