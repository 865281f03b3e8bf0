import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import {
  IMAGE_TYPES,
  daysInMonth,
  fillProblem,
  formatDate,
  parseFormattedDate,
  type FillProblem,
  type TemplateElement,
} from '../../core';
import { useEditor } from '../context';
import { preparePhoto } from './photo';
import { SignaturePad } from './SignaturePad';

/** What every control of the fill panel gets. */
export interface FillControlProps {
  element: TemplateElement;
  /** The id of the control a label points at. */
  id: string;
  /** Stores a value (one undoable step). */
  commit(value: string): void;
  /** Whether the field's problem, if any, is shown (it was left once, or finishing was tried). */
  showProblem: boolean;
  /** Holds what the panel calls before it moves on: store what is typed and not yet stored. */
  flushRef: MutableRefObject<(() => void) | null>;
  /** Moves to the next field (Enter). */
  onEnter(): void;
}

/** The message of a fill problem, in the editor's language. */
export function useProblemText(): (element: TemplateElement, problem: FillProblem) => string {
  const { t } = useEditor();
  return (element, problem) =>
    problem === 'required'
      ? t('fill.required')
      : problem === 'number'
        ? t('fill.digitsOnly')
        : problem === 'length'
          ? t('fill.tooLong', { count: element.previewConfig.limitNum })
          : problem === 'pattern'
            ? t('fill.pattern')
            : t('fill.dateInvalid');
}

function ProblemLine({
  element,
  value,
  show,
}: {
  element: TemplateElement;
  value: string;
  show: boolean;
}) {
  const text = useProblemText();
  const problem = fillProblem(element, value);
  if (!show || !problem) return null;
  return (
    <p className="esign-te__error esign-te__fill-problem" role="alert">
      {text(element, problem)}
    </p>
  );
}

/**
 * A text field's input, large enough to read and type on a phone (16 px: phones do not zoom the
 * page when it takes focus): digits only and the longest length are kept as the signer types,
 * with a word why; the count shows against the limit. Several lines when the field has them.
 */
export function TextControl({
  element,
  id,
  commit,
  showProblem,
  flushRef,
  onEnter,
}: FillControlProps) {
  const { t } = useEditor();
  const [draft, setDraft] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const value = draft ?? element.value;
  const limit = element.previewConfig.limitNum;
  const lines = Math.max(1, element.previewConfig.linesNum);
  const store = () => {
    if (draft !== null && draft !== element.value) commit(draft);
    setDraft(null);
  };
  useEffect(() => {
    flushRef.current = store;
    return () => {
      flushRef.current = null;
    };
  });
  const describedBy = `${id}-hint`;
  const common = {
    id,
    value,
    'aria-required': element.config.required,
    'aria-invalid': showProblem && fillProblem(element, value) !== null,
    'aria-describedby': describedBy,
    placeholder: element.config.tip || undefined,
    inputMode: element.config.isNumber ? ('numeric' as const) : undefined,
    onBlur: store,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      let next = event.target.value;
      let why: string | null = null;
      if (element.config.isNumber && /\D/.test(next)) {
        next = next.replace(/\D/g, '');
        why = t('fill.digitsOnly');
      }
      if (limit > 0 && [...next].length > limit) {
        next = [...next].slice(0, limit).join('');
        why = t('fill.tooLong', { count: limit });
      }
      setNotice(why);
      setDraft(next);
    },
  };
  return (
    <>
      {lines > 1 ? (
        <textarea
          {...common}
          rows={Math.min(lines, 6)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              onEnter();
            }
          }}
        />
      ) : (
        <input
          {...common}
          type="text"
          enterKeyHint="next"
          autoComplete="off"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              onEnter();
            }
          }}
        />
      )}
      <p id={describedBy} className="esign-te__fill-hint">
        {limit > 0 ? <span>{t('fill.count', { count: [...value].length, limit })}</span> : null}
        <span>{lines > 1 ? t('fill.enterHintLines') : t('fill.enterHint')}</span>
      </p>
      {notice ? (
        <p className="esign-te__error esign-te__fill-problem" role="alert">
          {notice}
        </p>
      ) : (
        <ProblemLine element={element} value={value} show={showProblem} />
      )}
    </>
  );
}

const YEARS_BACK = 100;
const YEARS_AHEAD = 50;

/**
 * A date picked as year, month and day (the phone's own wheels), stored and shown in the field's
 * own format — 2026年11月24日 as much as 2026/11/24 — whatever the browser's language, with
 * today and clear.
 */
export function DateControl({ element, id, commit, showProblem, onEnter }: FillControlProps) {
  const { t, locale } = useEditor();
  const format = element.config.dateFormat;
  const iso = parseFormattedDate(element.value, format);
  // A date being picked (not all of year, month and day chosen yet); else the stored one.
  const [partial, setPartial] = useState<{ y: string; m: string; d: string } | null>(null);
  const [y = '', m = '', d = ''] = iso ? iso.split('-') : [];
  const parts = partial ?? { y, m, d };
  const thisYear = new Date().getFullYear();
  const years = Array.from(
    { length: YEARS_BACK + YEARS_AHEAD + 1 },
    (_, i) => thisYear + YEARS_AHEAD - i,
  );
  const days = daysInMonth(Number(parts.y) || 2000, Number(parts.m) || 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  const set = (next: { y: string; m: string; d: string }) => {
    // A day past the month's end becomes its last day (31 March → April: the 30th).
    const last = next.y && next.m ? daysInMonth(Number(next.y), Number(next.m)) : 31;
    const fixed = next.d && Number(next.d) > last ? { ...next, d: pad(last) } : next;
    const complete = fixed.y && fixed.m && fixed.d;
    const empty = !fixed.y && !fixed.m && !fixed.d;
    setPartial(complete || empty ? null : fixed);
    const value = complete ? formatDate(`${fixed.y}-${fixed.m}-${fixed.d}`, format) : '';
    if ((complete || empty) && value !== element.value) commit(value);
  };
  const monthName = (month: number) =>
    locale === 'zh'
      ? `${month}月`
      : new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', {
          month: 'short',
          timeZone: 'UTC',
        });
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <>
      <div className="esign-te__fill-date" role="group" aria-labelledby={`${id}-label`}>
        <select
          aria-label={t('fill.year')}
          value={parts.y}
          onChange={(event) => set({ ...parts, y: event.target.value })}
          onKeyDown={onKeyDown}
        >
          <option value="">{t('fill.year')}</option>
          {years.map((year) => (
            <option key={year} value={String(year)}>
              {locale === 'zh' ? `${year}年` : year}
            </option>
          ))}
        </select>
        <select
          aria-label={t('fill.month')}
          value={parts.m}
          onChange={(event) => set({ ...parts, m: event.target.value })}
          onKeyDown={onKeyDown}
        >
          <option value="">{t('fill.month')}</option>
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {monthName(i + 1)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('fill.day')}
          value={parts.d}
          onChange={(event) => set({ ...parts, d: event.target.value })}
          onKeyDown={onKeyDown}
        >
          <option value="">{t('fill.day')}</option>
          {Array.from({ length: days }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {locale === 'zh' ? `${i + 1}日` : i + 1}
            </option>
          ))}
        </select>
      </div>
      <div className="esign-te__fill-row">
        <button
          type="button"
          onClick={() => {
            const now = new Date();
            set({
              y: String(now.getFullYear()),
              m: pad(now.getMonth() + 1),
              d: pad(now.getDate()),
            });
          }}
        >
          {t('fill.today')}
        </button>
        <button
          type="button"
          disabled={!element.value && !parts.y && !parts.m && !parts.d}
          onClick={() => set({ y: '', m: '', d: '' })}
        >
          {t('fill.clear')}
        </button>
      </div>
      <p className="esign-te__fill-hint" aria-live="polite">
        {element.value ? t('fill.shownAs', { value: element.value }) : format}
      </p>
      <ProblemLine element={element} value={element.value} show={showProblem} />
    </>
  );
}

/**
 * An image field: a photo chosen from the device or taken with the camera, prepared before it is
 * stored (upright, at most 1,600 pixels, identity-card fields cut to the card's shape).
 */
export function ImageControl({ element, id, commit, showProblem }: FillControlProps) {
  // `id` names the panel's label; a button keeps its own name.
  const { t } = useEditor();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const type = IMAGE_TYPES.find((candidate) => candidate.key === element.config.imageType);
  // Identity-card fields take the card's own shape.
  const ratio = type?.lockRatio && type.width && type.height ? type.width / type.height : null;
  const take = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailed(false);
    try {
      commit(await preparePhoto(file, ratio));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const onFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    void take(event.target.files?.[0]);
    event.target.value = '';
  };
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      {element.value ? (
        <img
          className="esign-te__fill-photo"
          src={element.value}
          alt={t('fill.photoOf', { title: element.title })}
          style={{ aspectRatio: `${element.commonStyle.width} / ${element.commonStyle.height}` }}
        />
      ) : null}
      <div className="esign-te__fill-row">
        <button type="button" disabled={busy} onClick={() => choose.current?.click()}>
          {t('fill.choosePhoto')}
        </button>
        <button type="button" disabled={busy} onClick={() => camera.current?.click()}>
          {t('fill.takePhoto')}
        </button>
        {element.value ? (
          <button type="button" disabled={busy} onClick={() => commit('')}>
            {t('fill.remove')}
          </button>
        ) : null}
      </div>
      <input
        ref={choose}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/heic"
        hidden
        aria-label={t('fill.choosePhoto')}
        onChange={onFile}
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={t('fill.takePhoto')}
        onChange={onFile}
      />
      {ratio ? <p className="esign-te__fill-hint">{t('fill.idCardHint')}</p> : null}
      {busy ? (
        <p className="esign-te__fill-hint" role="status">
          {t('fill.preparing')}
        </p>
      ) : null}
      {failed ? (
        <p className="esign-te__error esign-te__fill-problem" role="alert">
          {t('fill.photoFailed')}
        </p>
      ) : (
        <ProblemLine element={element} value={element.value} show={showProblem} />
      )}
    </div>
  );
}

/** A signature field: drawn on a full-screen pad, shown once drawn. */
export function SignatureControl({ element, id, commit, showProblem }: FillControlProps) {
  const { t } = useEditor();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      {element.value ? (
        <img
          className="esign-te__fill-photo esign-te__fill-signature"
          src={element.value}
          alt={element.title}
        />
      ) : null}
      <div className="esign-te__fill-row">
        <button ref={opener} type="button" onClick={() => setOpen(true)}>
          {element.value ? t('fill.redraw') : t('fill.drawSignature')}
        </button>
        {element.value ? (
          <button type="button" onClick={() => commit('')}>
            {t('fill.remove')}
          </button>
        ) : null}
      </div>
      <ProblemLine element={element} value={element.value} show={showProblem} />
      {open ? (
        <SignaturePad
          title={element.title}
          onCancel={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          onDone={(url) => {
            setOpen(false);
            commit(url);
            opener.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
