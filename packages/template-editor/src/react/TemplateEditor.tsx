import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useStore } from 'zustand';
import {
  DEFAULT_SCALE,
  ProjectValidationError,
  createEditorStore,
  deriveStampLocations,
  toStoredProject,
  type EditorStore,
  type Locale,
  type Party,
  type StampLocation,
  type TemplateProject,
  type ValidationIssue,
} from '../core';
import { createEditorI18n } from '../i18n';
import { actionForKey } from './actions';
import { fitScale } from './canvas/layout';
import { PagesCanvas } from './canvas/PagesCanvas';
import {
  EditorContext,
  type EditorContextValue,
  type EditorMode,
  type SealOption,
} from './context';
import { LeftPanels, RightPanels } from './panels';
import { Toolbar } from './panels/Toolbar';
import { EDITOR_CSS } from './styles';
import { createViewStore } from './view';

/** What a host can do with a mounted editor through its ref. */
export interface TemplateEditorHandle {
  undo(): void;
  redo(): void;
  /** The template as the platform stores it (derived lists included). */
  getProject(): TemplateProject;
  getStampLocations(): StampLocation[];
  /** The headless store, for anything the handle does not cover. */
  store: EditorStore;
}

export interface TemplateEditorProps {
  /** Controlled: the template to show; pass back what `onChange` gives. */
  value?: unknown;
  /** Uncontrolled: the template to start from (a blank A4 page when neither is given). */
  defaultValue?: unknown;
  /** Called after every change with the template as the platform stores it. */
  onChange?: (project: TemplateProject) => void;
  /** Called when the author saves (toolbar button or Ctrl+S). */
  onSave?: (project: TemplateProject) => void;
  locale?: Locale;
  /** 'design' (default): authors place fields; 'fill': `party` fills its fields; 'preview': read-only. */
  mode?: EditorMode;
  /** The party filling in fill mode. */
  party?: Party;
  /**
   * The contract document (URL or bytes). Its pages become the page backgrounds with the PDF
   * module (issue 4); until then it is accepted and ignored.
   */
  pdf?: string | Uint8Array | ArrayBuffer;
  /** The seals a signer may place; seal fields show the chosen one. */
  seals?: readonly SealOption[];
  className?: string;
  style?: CSSProperties;
  ref?: Ref<TemplateEditorHandle>;
}

type Loaded = { store: EditorStore; error: null } | { store: null; error: ProjectValidationError };

function load(project: unknown, locale: Locale): Loaded {
  try {
    return { store: createEditorStore(project, { locale }), error: null };
  } catch (error) {
    if (error instanceof ProjectValidationError) return { store: null, error };
    throw error;
  }
}

const NO_SEALS: readonly SealOption[] = [];

/**
 * The template editor: pages drawn with Konva, fields for parties A–J, seals on every page, undo
 * and redo, in English or Chinese. Controlled (`value` + `onChange`) or uncontrolled
 * (`defaultValue`). It keeps to its own root: no global CSS, no shared i18next, no shared state.
 */
export function TemplateEditor(props: TemplateEditorProps) {
  const { locale = 'en', mode = 'design', seals = NO_SEALS, className, style } = props;
  const [loaded, setLoaded] = useState<Loaded>(() =>
    load(props.value ?? props.defaultValue, locale),
  );
  const i18n = useMemo(() => createEditorI18n(locale), [locale]);
  const t = useMemo(() => i18n.t.bind(i18n), [i18n]);
  const lastEmitted = useRef<unknown>(props.value ?? props.defaultValue);

  // Controlled: a new value from the host that is not the one just emitted replaces the template.
  const controlledValue = props.value;
  useEffect(() => {
    if (controlledValue === undefined || controlledValue === lastEmitted.current) return;
    lastEmitted.current = controlledValue;
    setLoaded((current) => {
      if (!current.store) return load(controlledValue, locale);
      try {
        current.store.getState().reset(controlledValue);
        return current;
      } catch (error) {
        if (error instanceof ProjectValidationError) return { store: null, error };
        throw error;
      }
    });
  }, [controlledValue, locale]);

  if (!loaded.store) {
    return (
      <div
        className={['esign-te', className].filter(Boolean).join(' ')}
        style={style}
        lang={locale}
      >
        <style>{EDITOR_CSS}</style>
        <InvalidTemplate
          issues={loaded.error.issues}
          locale={locale}
          title={t('editor.invalid')}
          hint={t('editor.invalidHint')}
          more={(count) => t('editor.more', { count })}
        />
      </div>
    );
  }
  return (
    <LoadedEditor
      {...props}
      locale={locale}
      mode={mode}
      seals={seals}
      store={loaded.store}
      t={t}
      lastEmitted={lastEmitted}
    />
  );
}

interface LoadedEditorProps extends TemplateEditorProps {
  locale: Locale;
  mode: EditorMode;
  seals: readonly SealOption[];
  store: EditorStore;
  t: EditorContextValue['t'];
  lastEmitted: { current: unknown };
}

function LoadedEditor({
  store,
  t,
  locale,
  mode,
  seals,
  party,
  onChange,
  onSave,
  className,
  style,
  ref,
  lastEmitted,
}: LoadedEditorProps) {
  const [view] = useState(createViewStore);
  const canvasRegion = useRef<HTMLDivElement>(null);
  const announcement = useStore(view, (s) => s.announcement);

  const focusCanvas = useCallback(() => canvasRegion.current?.focus({ preventScroll: true }), []);
  const context = useMemo<EditorContextValue>(
    () => ({
      store,
      view,
      t,
      locale,
      mode,
      party: mode === 'fill' ? (party ?? 'A') : party,
      seals,
      focusCanvas,
    }),
    [store, view, t, locale, mode, party, seals, focusCanvas],
  );

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.project !== previous.project && onChangeRef.current) {
          const stored = toStoredProject(state.project);
          lastEmitted.current = stored;
          onChangeRef.current(stored);
        }
        if (state.selection !== previous.selection) {
          const count = state.selection.length;
          const first =
            count === 1
              ? state.project.pages
                  .flatMap((p) => p.elements)
                  .find((e) => e.uuid === state.selection[0])
              : undefined;
          view
            .getState()
            .announce(
              count === 0
                ? t('announce.cleared')
                : t('announce.selected', { count, title: first?.title ?? '' }),
            );
        }
      }),
    [store, view, t, lastEmitted],
  );

  // New fields are named in the editor's current language ("Text 1" or "文本 1").
  useEffect(() => store.getState().setLocale(locale), [store, locale]);

  const save = useCallback(
    () => onSave?.(toStoredProject(store.getState().project)),
    [onSave, store],
  );

  useImperativeHandle(
    ref,
    () => ({
      undo: () => store.getState().undo(),
      redo: () => store.getState().redo(),
      getProject: () => toStoredProject(store.getState().project),
      getStampLocations: () => deriveStampLocations(store.getState().project),
      store,
    }),
    [store],
  );

  const viewport = useCallback(() => {
    const element = canvasRegion.current;
    return { width: element?.clientWidth ?? 800, height: element?.clientHeight ?? 600 };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const modified = event.ctrlKey || event.metaKey;
    if (modified && event.key.toLowerCase() === 's' && onSave && mode !== 'preview') {
      event.preventDefault();
      save();
      return;
    }
    // Plain keys (Delete, arrows, Escape) act on the fields only from the canvas: on a panel's
    // button they keep their usual meaning. Shortcuts with Ctrl/Cmd work anywhere in the editor.
    if (!modified && !canvasRegion.current?.contains(target)) return;
    const action = actionForKey(event, mode);
    if (!action) return;
    event.preventDefault();
    if (action.enabled(store.getState())) action.perform(context, viewport());
  };

  // Open at the default 150 % when the page fits; otherwise fit its width, so nothing is cut off.
  useLayoutEffect(() => {
    const element = canvasRegion.current;
    const first = store.getState().project.pages[0];
    if (!element || !first || element.clientWidth === 0) return;
    const fit = fitScale(first.config, element.clientWidth, element.clientHeight, false);
    if (fit < DEFAULT_SCALE) view.getState().setScale(Math.floor(fit * 100) / 100);
  }, [store, view]);

  return (
    <div
      className={['esign-te', className].filter(Boolean).join(' ')}
      style={style}
      lang={locale}
      data-mode={mode}
      role="application"
      aria-label={t('editor.label')}
      onKeyDown={onKeyDown}
    >
      <style>{EDITOR_CSS}</style>
      <EditorContext.Provider value={context}>
        <Toolbar viewport={viewport} onSave={onSave ? save : undefined} />
        <div className="esign-te__body">
          {mode === 'design' ? (
            <aside className="esign-te__side">
              <LeftPanels />
            </aside>
          ) : null}
          <div
            ref={canvasRegion}
            className="esign-te__main"
            role="region"
            aria-label={t('editor.canvas')}
            tabIndex={0}
          >
            <PagesCanvas />
          </div>
          {mode === 'design' ? (
            <aside className="esign-te__side esign-te__side--right">
              <RightPanels />
            </aside>
          ) : null}
        </div>
        <div
          className="esign-te__visually-hidden esign-te__announcer"
          aria-live="polite"
          role="status"
        >
          {announcement}
        </div>
      </EditorContext.Provider>
    </div>
  );
}

function InvalidTemplate({
  issues,
  title,
  hint,
  more,
  locale,
}: {
  issues: ValidationIssue[];
  title: string;
  hint: string;
  more(count: number): string;
  locale: Locale;
}) {
  const shown = issues.slice(0, 20);
  return (
    <div className="esign-te__error-panel" role="alert">
      <h2>{title}</h2>
      <p>{hint}</p>
      <ul>
        {shown.map((issue, index) => (
          <li key={index}>
            {issue.path ? <code>{issue.path}</code> : null}{' '}
            {locale === 'zh' ? issue.messageZh : issue.message}
          </li>
        ))}
      </ul>
      {issues.length > shown.length ? <p>{more(issues.length - shown.length)}</p> : null}
    </div>
  );
}
