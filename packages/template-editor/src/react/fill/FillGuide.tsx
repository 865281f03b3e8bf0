import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  fillProblem,
  fillProgress,
  fillSequence,
  fillValues,
  type FillProgress,
  type TemplateElement,
} from '../../core';
import { useEditor, useProjectState, useViewState } from '../context';
import {
  DateControl,
  ImageControl,
  SignatureControl,
  TextControl,
  useProblemText,
  type FillControlProps,
} from './controls';
import { FILL_CSS } from './styles';

/** Where a party stands in the guided fill, as reported to the host (`onFillChange`). */
export interface FillState extends FillProgress {
  /** The field the party is on (its uuid), or null before they start. */
  field: string | null;
  /** Its place in the sequence (0-based), or -1. */
  index: number;
}

const CONTROLS: Record<string, (props: FillControlProps) => React.ReactNode> = {
  text: TextControl,
  date: DateControl,
  image: ImageControl,
  signature: SignatureControl,
};

/** Shown at least this large on the page while a field is filled, in CSS pixels. */
const READABLE_FONT = 16;

/**
 * The guided fill: the party's fields one at a time in reading order, with Start, Previous, Next
 * and Finish, the count of required fields done, and a large control for the current field. It
 * sits beside the page on wide screens and is a bottom sheet on narrow ones. Each field it moves
 * to is scrolled into the middle of the canvas and zoomed until its text is readable. Finishing
 * is possible only when every field may be sent; otherwise the panel goes to the first that may
 * not, and says why. Tab and Shift+Tab go through the fields in the same order; Enter moves on.
 */
export function FillGuide({
  placement,
  startField,
  viewport,
  onComplete,
  onFillChange,
}: {
  placement: 'side' | 'sheet';
  startField?: string;
  viewport(): { width: number; height: number };
  onComplete?: (values: Record<string, string>) => void;
  onFillChange?: (state: FillState) => void;
}) {
  const { store, view, t, party, fillOptions } = useEditor();
  const project = useProjectState((s) => s.project);
  const sequence = useMemo(
    () => fillSequence(project, party ?? 'A', fillOptions),
    [project, party, fillOptions],
  );
  const progress = useMemo(
    () => fillProgress(project, party ?? 'A', fillOptions),
    [project, party, fillOptions],
  );
  const current = useViewState((s) => s.fillField);
  const request = useViewState((s) => s.fillRequest);
  const index = sequence.findIndex((element) => element.uuid === current);
  const element = index >= 0 ? sequence[index]! : null;
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const [finishTried, setFinishTried] = useState(false);
  const [finished, setFinished] = useState(false);
  const flush = useRef<(() => void) | null>(null);
  const focusOnMove = useRef(false);
  const controls = useRef<HTMLDivElement>(null);
  const problemText = useProblemText();
  const id = useId();

  const go = (target: TemplateElement | undefined, focus = true) => {
    if (!target) return;
    flush.current?.();
    if (element) setVisited((previous) => new Set(previous).add(element.uuid));
    focusOnMove.current = focus;
    view.getState().setFillField(target.uuid);
  };

  // Wide screens start at once (at the host's field, else the first one not done); a phone shows
  // the page first, with Start.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || sequence.length === 0) return;
    if (current && sequence.some((one) => one.uuid === current)) {
      started.current = true;
      return;
    }
    const wanted = sequence.find((one) => one.uuid === startField);
    if (wanted || placement === 'side') {
      started.current = true;
      const first =
        wanted ?? sequence.find((one) => progress.missing.includes(one.uuid)) ?? sequence[0];
      focusOnMove.current = false;
      if (first) view.getState().setFillField(first.uuid);
    }
  }, [current, placement, progress.missing, sequence, startField, view]);

  // Each field moved to comes into the middle of the canvas, zoomed until its text is readable
  // (never beyond what fits across the canvas, and never zoomed out).
  useEffect(() => {
    if (!element) return;
    const pageIndex = store
      .getState()
      .project.pages.findIndex((page) => page.elements.some((one) => one.uuid === element.uuid));
    if (pageIndex < 0) return;
    const style = element.commonStyle;
    const { width } = viewport();
    const scale = view.getState().scale;
    const font = element.elName === 'text' || element.elName === 'date' ? style.fontSize : 12;
    const readable = Math.min(READABLE_FONT / Math.max(1, font), (width - 32) / style.width);
    if (scale < readable) view.getState().setScale(readable);
    view.getState().scrollToBox(pageIndex, style);
    if (focusOnMove.current) {
      focusOnMove.current = false;
      // After the control for the new field is in the DOM.
      requestAnimationFrame(() =>
        controls.current?.querySelector<HTMLElement>('input, textarea, select, button')?.focus(),
      );
    }
    // `request` repeats a request for the same field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element?.uuid, request]);

  const onFillChangeRef = useRef(onFillChange);
  useEffect(() => {
    onFillChangeRef.current = onFillChange;
  }, [onFillChange]);
  useEffect(() => {
    onFillChangeRef.current?.({ ...progress, field: element?.uuid ?? null, index });
  }, [progress, element?.uuid, index]);

  const finish = () => {
    flush.current?.();
    setFinishTried(true);
    const state = store.getState().project;
    const now = fillProgress(state, party ?? 'A', fillOptions);
    if (!now.complete) {
      const first = sequence.find((one) => one.uuid === now.missing[0]);
      go(first);
      setFinished(false);
      return;
    }
    setFinished(true);
    view.getState().announce(t('fill.complete'));
    onComplete?.(fillValues(state, party ?? 'A', fillOptions));
  };

  const missingNow = progress.missing[0]
    ? sequence.find((one) => one.uuid === progress.missing[0])
    : undefined;
  const missingProblem = missingNow ? fillProblem(missingNow) : null;
  const Control = element ? CONTROLS[element.elName] : undefined;
  const last = index === sequence.length - 1;

  // Tab from a field's last control goes on to the next field; Shift+Tab from its first, back.
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !controls.current) return;
    const focusable = [
      ...controls.current.querySelectorAll<HTMLElement>(
        'input:not([hidden]), textarea, select, button:not(:disabled)',
      ),
    ];
    const at = focusable.indexOf(document.activeElement as HTMLElement);
    if (!event.shiftKey && at === focusable.length - 1 && !last) {
      event.preventDefault();
      go(sequence[index + 1]);
    } else if (event.shiftKey && at === 0 && index > 0) {
      event.preventDefault();
      go(sequence[index - 1]);
    }
  };

  return (
    <section className={`esign-te__fill esign-te__fill--${placement}`} aria-label={t('fill.guide')}>
      <style>{FILL_CSS}</style>
      <div className="esign-te__fill-head">
        <span className="esign-te__fill-progress-text">
          {progress.required > 0
            ? t('fill.progress', { done: progress.done, required: progress.required })
            : t('fill.position', { index: Math.max(1, index + 1), count: sequence.length })}
        </span>
        <progress
          max={Math.max(1, progress.required)}
          value={progress.done}
          aria-label={t('fill.progress', { done: progress.done, required: progress.required })}
        />
      </div>
      {sequence.length === 0 ? (
        <p className="esign-te__fill-intro">{t('fill.introNone')}</p>
      ) : !element ? (
        <div className="esign-te__fill-intro">
          <p>{t('fill.intro', { count: sequence.length, required: progress.required })}</p>
          <button
            type="button"
            className="esign-te__primary"
            onClick={() =>
              go(sequence.find((one) => progress.missing.includes(one.uuid)) ?? sequence[0])
            }
          >
            {t('fill.start')}
          </button>
        </div>
      ) : (
        <>
          <div className="esign-te__fill-field" ref={controls} onKeyDown={onKeyDown}>
            <div className="esign-te__fill-label">
              <label id={`${id}-label`} htmlFor={element.elName === 'text' ? id : undefined}>
                {element.title}
              </label>
              <span
                className={
                  element.config.required ? 'esign-te__fill-tag is-required' : 'esign-te__fill-tag'
                }
              >
                {element.config.required ? t('fill.requiredMark') : t('fill.optional')}
              </span>
              <span className="esign-te__fill-position">
                {t('fill.position', { index: index + 1, count: sequence.length })}
              </span>
            </div>
            {element.config.tip && element.elName !== 'text' ? (
              <p className="esign-te__fill-hint">{element.config.tip}</p>
            ) : null}
            {Control ? (
              <Control
                key={element.uuid}
                element={element}
                id={id}
                flushRef={flush}
                showProblem={finishTried || visited.has(element.uuid)}
                commit={(value) => store.getState().updateElements([element.uuid], { value })}
                onEnter={() => (last ? finish() : go(sequence[index + 1]))}
              />
            ) : null}
          </div>
          {finishTried && !progress.complete && missingNow && missingProblem ? (
            <p className="esign-te__error" role="alert">
              {t('fill.missing', {
                title: missingNow.title,
                problem: problemText(missingNow, missingProblem),
              })}
            </p>
          ) : finished && progress.complete ? (
            <p className="esign-te__fill-done" role="status">
              {t('fill.complete')}
            </p>
          ) : null}
          <div className="esign-te__fill-nav">
            <button type="button" disabled={index <= 0} onClick={() => go(sequence[index - 1])}>
              {t('fill.previous')}
            </button>
            {last ? (
              <button type="button" className="esign-te__primary" onClick={finish}>
                {t('fill.finish')}
              </button>
            ) : (
              <button
                type="button"
                className="esign-te__primary"
                onClick={() => go(sequence[index + 1])}
              >
                {t('fill.next')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
