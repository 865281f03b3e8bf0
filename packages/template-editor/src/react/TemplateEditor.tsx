import {
  Suspense,
  forwardRef,
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useStore } from 'zustand';
import {
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
import { PdfError } from '../pdf/errors';
import { projectForPdfPages, type LoadedPdf, type PdfSource } from '../pdf/load';
import { actionForKey } from './actions';
import { openingScale } from './canvas/layout';
import { PagesCanvas } from './canvas/PagesCanvas';
import { prefetchPdfPageImage } from './canvas/usePdfPage';
import {
  EditorContext,
  type EditorContextValue,
  type EditorMode,
  type SealOption,
} from './context';
import { LeftPanels, RightPanels } from './panels';
import { Toolbar } from './panels/Toolbar';
import type { FillState } from './fill/FillGuide';
import { EDITOR_CSS } from './styles';
import { usePdfDocument, type PdfDocumentState } from './usePdfDocument';
import { createViewStore } from './view';

/** What a host can do with a mounted editor through its ref. */
export interface TemplateEditorHandle {
  /** Takes back the last step, as the toolbar's undo does. */
  undo(): void;
  /** Makes again the last step undone, as the toolbar's redo does. */
  redo(): void;
  /** The template as the platform stores it (derived lists included). */
  getProject(): TemplateProject;
  /** Where each seal of the current template is stamped (`deriveStampLocations`). */
  getStampLocations(): StampLocation[];
  /** Fill mode: takes the guided fill to the field `uuid` (one of the filling party's). */
  goToField(uuid: string): void;
  /** Any mode: scrolls the field `uuid` into the middle of the canvas (where a stamp lands). */
  showField(uuid: string): void;
  /** The headless store, for anything the handle does not cover. */
  store: EditorStore;
}

/** Props of `<TemplateEditor>`. */
export interface TemplateEditorProps {
  /** Controlled: the template to show; pass back what `onChange` gives. */
  value?: unknown;
  /** Uncontrolled: the template to start from (a blank A4 page when neither is given). */
  defaultValue?: unknown;
  /** Called after every change with the template as the platform stores it. */
  onChange?: (project: TemplateProject) => void;
  /** Called when the author saves (toolbar button or Ctrl+S). */
  onSave?: (project: TemplateProject) => void;
  /** The language of the editor's labels and of new fields' titles; default 'en'. */
  locale?: Locale;
  /** 'design' (default): authors place fields; 'fill': `party` fills its fields; 'preview': read-only. */
  mode?: EditorMode;
  /** The party filling in fill mode. */
  party?: Party;
  /**
   * Fill mode: whether the party also draws its signature fields in the guided fill (default
   * false: the host stamps them when the party signs).
   */
  fillSignatures?: boolean;
  /** Fill mode: the field (uuid) the guided fill starts at; by default the first one not done. */
  startField?: string;
  /**
   * Fill mode: called when the party moves to another field or its progress changes: the current
   * field, its place, and the counts of fields, required fields and those done.
   */
  onFillChange?: (state: FillState) => void;
  /**
   * Fill mode: called when the party presses Finish with every field fit to send, with the
   * party's values by field uuid (texts and dates trimmed). The editor refuses to finish
   * otherwise and takes the party to the first field to mend.
   */
  onComplete?: (values: Record<string, string>) => void;
  /**
   * The contract document: a URL, its bytes (never changed), a `Blob`, or a document opened with
   * `loadPdf` (left open for the host to destroy). PDF page i is drawn behind template page i,
   * at the current zoom. Without `value` and `defaultValue` the template is made from it, one
   * page per PDF page of that page's size, and reported once through `onChange`; a different
   * `pdf` then makes a new template, so pass a stable value (not new bytes on every render).
   */
  pdf?: PdfSource | LoadedPdf;
  /**
   * The seals a signer may place; seal fields show the chosen one (`previewConfig.sealId`), and so
   * do unsigned signature fields, at the size signing stamps it.
   */
  seals?: readonly SealOption[];
  /** Class names added to the editor's root element. */
  className?: string;
  /** Inline style of the editor's root element (give it a height). */
  style?: CSSProperties;
  /**
   * Receives the `TemplateEditorHandle` of the mounted editor (forwarded with `forwardRef`, so on
   * React 18 as on 19).
   */
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
 * Its `ref` receives a `TemplateEditorHandle`.
 */
export const TemplateEditor = forwardRef<TemplateEditorHandle, TemplateEditorProps>(
  function TemplateEditor(props, ref) {
    return <EditorRoot {...props} handle={ref} />;
  },
);

/** The editor's props with its handle's ref as a plain prop (React 18 keeps `ref` out of props). */
interface EditorRootProps extends Omit<TemplateEditorProps, 'ref'> {
  handle: Ref<TemplateEditorHandle>;
}

function EditorRoot(props: EditorRootProps) {
  const { locale = 'en', mode = 'design', seals = NO_SEALS, className, style } = props;
  // Without a template of its own, the editor's template is made from its PDF.
  const [followsPdf] = useState(
    () => props.value === undefined && props.defaultValue === undefined,
  );
  const fromPdf = followsPdf && props.pdf !== undefined;
  const pdfDocument = usePdfDocument(props.pdf);
  const openedPdf = pdfDocument.status === 'loaded' ? pdfDocument.pdf : null;
  const [loaded, setLoaded] = useState<Loaded | null>(() =>
    fromPdf ? null : load(props.value ?? props.defaultValue, locale),
  );
  /** The document the template was made from, when it was made from one. */
  const [madeFrom, setMadeFrom] = useState<LoadedPdf | null>(null);
  const madeFromRef = useRef<LoadedPdf | null>(null);
  const loadingRegion = useRef<HTMLDivElement>(null);
  const i18n = useMemo(() => createEditorI18n(locale), [locale]);
  const t = useMemo(() => i18n.t.bind(i18n), [i18n]);
  const lastEmitted = useRef<unknown>(props.value ?? props.defaultValue);
  const onChangeRef = useRef(props.onChange);
  useEffect(() => {
    onChangeRef.current = props.onChange;
  }, [props.onChange]);

  // Controlled: a new value from the host that is not the one just emitted replaces the template.
  // The store is reset here, in the effect, never inside a state updater: an updater runs while
  // React renders this component, and the reset re-renders the canvas that listens to the store.
  const controlledValue = props.value;
  const loadedRef = useRef(loaded);
  useEffect(() => {
    loadedRef.current = loaded;
  }, [loaded]);
  useEffect(() => {
    if (controlledValue === undefined || controlledValue === lastEmitted.current) return;
    lastEmitted.current = controlledValue;
    const store = loadedRef.current?.store;
    if (!store) {
      setLoaded(() => load(controlledValue, locale));
      return;
    }
    try {
      store.getState().reset(controlledValue);
    } catch (error) {
      if (!(error instanceof ProjectValidationError)) throw error;
      setLoaded(() => ({ store: null, error }));
    }
  }, [controlledValue, locale]);

  // From a PDF: one page per PDF page, reported to the host as the new template.
  const pdfUrl = typeof props.pdf === 'string' ? props.pdf : '';
  useEffect(() => {
    if (!fromPdf || !openedPdf || controlledValue !== undefined) return;
    // Once per document: a later change of locale keeps the author's work.
    if (madeFromRef.current === openedPdf) return;
    madeFromRef.current = openedPdf;
    // Page 1 starts drawing at the zoom the editor will open at, while the editor mounts.
    const region = loadingRegion.current;
    if (region && openedPdf.pages.length > 0 && region.clientWidth > 0) {
      prefetchPdfPageImage(
        openedPdf,
        0,
        openingScale(openedPdf.pages, region.clientWidth, region.clientHeight),
      );
    }
    const next = load(projectForPdfPages(openedPdf.pages, pdfUrl), locale);
    setLoaded(next);
    setMadeFrom(openedPdf);
    if (next.store) {
      const stored = toStoredProject(next.store.getState().project);
      lastEmitted.current = stored;
      onChangeRef.current?.(stored);
    }
  }, [fromPdf, openedPdf, pdfUrl, locale, controlledValue]);

  const shell = (content: ReactNode) => (
    <div className={['esign-te', className].filter(Boolean).join(' ')} style={style} lang={locale}>
      <style>{EDITOR_CSS}</style>
      {content}
    </div>
  );

  const waitingForPdf =
    fromPdf && controlledValue === undefined && (!loaded || madeFrom !== openedPdf);
  if (waitingForPdf && pdfDocument.status === 'failed') {
    return shell(
      <div className="esign-te__error-panel" role="alert">
        <h2>{t('pdf.failed')}</h2>
        <p>{pdfErrorMessage(pdfDocument.error, locale, t)}</p>
      </div>,
    );
  }
  if (waitingForPdf || !loaded) {
    const percent = pdfDocument.status === 'loading' ? pdfDocument.percent : undefined;
    // The editor's layout without its panels' contents: the canvas region has its final size.
    return shell(
      <div className="esign-te__body">
        {mode === 'design' ? <aside className="esign-te__side" /> : null}
        <div
          ref={loadingRegion}
          className="esign-te__main"
          role="region"
          aria-label={t('editor.canvas')}
          aria-busy="true"
        >
          <div className="esign-te__pdf-loading" role="status">
            <span className="esign-te__spinner" aria-hidden="true" />
            <span>{t('pdf.loading')}</span>
            {percent !== undefined ? (
              <progress max={100} value={percent} aria-label={t('pdf.progress', { percent })} />
            ) : null}
          </div>
        </div>
        {mode === 'design' ? <aside className="esign-te__side esign-te__side--right" /> : null}
      </div>,
    );
  }
  if (!loaded.store) {
    return shell(
      <InvalidTemplate
        issues={loaded.error.issues}
        locale={locale}
        title={t('editor.invalid')}
        hint={t('editor.invalidHint')}
        more={(count) => t('editor.more', { count })}
      />,
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
      pdfDocument={pdfDocument}
    />
  );
}

/** What a person reads when the PDF cannot be opened: the `PdfError`'s message in their language. */
function pdfErrorMessage(error: unknown, locale: Locale, t: EditorContextValue['t']): string {
  return error instanceof PdfError ? error.localizedMessage(locale) : t('pdf.unknown');
}

interface LoadedEditorProps extends EditorRootProps {
  locale: Locale;
  mode: EditorMode;
  seals: readonly SealOption[];
  store: EditorStore;
  t: EditorContextValue['t'];
  lastEmitted: { current: unknown };
  pdfDocument: PdfDocumentState;
}

/**
 * The guided fill, loaded when an editor first shows fill mode: authors designing templates never
 * download it.
 */
const FillGuide = lazy(() =>
  import('./fill/FillGuide').then((module) => ({ default: module.FillGuide })),
);

/** Narrower than this (CSS pixels), the editor lays out for a phone. */
const NARROW_WIDTH = 720;

function LoadedEditor({
  store,
  t,
  locale,
  mode,
  seals,
  party,
  fillSignatures = false,
  startField,
  onFillChange,
  onComplete,
  onChange,
  onSave,
  className,
  style,
  handle,
  lastEmitted,
  pdfDocument,
}: LoadedEditorProps) {
  const [view] = useState(createViewStore);
  const canvasRegion = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const announcement = useStore(view, (s) => s.announcement);
  const narrow = useStore(view, (s) => s.narrow);
  const fillOptions = useMemo(() => ({ signatures: fillSignatures }), [fillSignatures]);

  // A phone's layout below NARROW_WIDTH: the fill panel becomes a bottom sheet.
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      if (width > 0) view.getState().setNarrow(width < NARROW_WIDTH);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [view]);

  // The pages' scroller takes the focus: the keys that scroll (Page Up/Down, Home, End, Space)
  // reach it, and the editor's keys reach the region around it.
  const focusCanvas = useCallback(
    () =>
      canvasRegion.current
        ?.querySelector<HTMLElement>('.esign-te__scroller')
        ?.focus({ preventScroll: true }),
    [],
  );
  const pdf = pdfDocument.status === 'loaded' ? pdfDocument.pdf : null;
  const context = useMemo<EditorContextValue>(
    () => ({
      store,
      view,
      t,
      locale,
      mode,
      party: mode === 'fill' ? (party ?? 'A') : party,
      fillOptions,
      seals,
      pdf,
      focusCanvas,
    }),
    [store, view, t, locale, mode, party, fillOptions, seals, pdf, focusCanvas],
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
    handle,
    () => ({
      undo: () => store.getState().undo(),
      redo: () => store.getState().redo(),
      getProject: () => toStoredProject(store.getState().project),
      getStampLocations: () => deriveStampLocations(store.getState().project),
      goToField: (uuid: string) => view.getState().setFillField(uuid),
      showField: (uuid: string) =>
        store.getState().project.pages.forEach((page, index) => {
          const field = page.elements.find((one) => one.uuid === uuid);
          if (field) view.getState().scrollToBox(index, field.commonStyle);
        }),
      store,
    }),
    [store, view],
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

  // Open at the default 150 % when the pages fit; otherwise fit the widest, so nothing is cut off.
  useLayoutEffect(() => {
    const element = canvasRegion.current;
    const pages = store.getState().project.pages;
    if (!element || pages.length === 0 || element.clientWidth === 0) return;
    view.getState().open(
      openingScale(
        pages.map((page) => page.config),
        element.clientWidth,
        element.clientHeight,
      ),
    );
  }, [store, view]);

  // The first PDF page starts drawing now, while its canvas is still being mounted.
  useLayoutEffect(() => {
    if (pdf) prefetchPdfPageImage(pdf, view.getState().currentPage, view.getState().scale);
  }, [pdf, view]);

  // The canvas comes first: the panels render right after, in a transition React may interrupt,
  // so that the first page is on screen sooner (a 300-page contract has 60 thumbnails to lay out).
  // (State set in a transition: `useDeferredValue(true, false)` would do on React 19, but React 18
  // ignores its initial value.)
  const [panelsReady, setPanelsReady] = useState(false);
  useEffect(() => startTransition(() => setPanelsReady(true)), []);

  const guide = (placement: 'side' | 'sheet') => (
    <Suspense
      fallback={
        <div className={`esign-te__fill esign-te__fill--${placement}`} aria-busy="true">
          <span className="esign-te__spinner" aria-hidden="true" />
        </div>
      }
    >
      <FillGuide
        placement={placement}
        startField={startField}
        viewport={viewport}
        onComplete={onComplete}
        onFillChange={onFillChange}
      />
    </Suspense>
  );

  return (
    <div
      ref={root}
      className={['esign-te', className].filter(Boolean).join(' ')}
      style={style}
      lang={locale}
      data-mode={mode}
      data-narrow={narrow === true || undefined}
      role="application"
      aria-label={t('editor.label')}
      onKeyDown={onKeyDown}
    >
      <style>{EDITOR_CSS}</style>
      <EditorContext.Provider value={context}>
        <Toolbar viewport={viewport} onSave={onSave ? save : undefined} />
        <div className="esign-te__body">
          {mode === 'design' ? (
            <aside className="esign-te__side">{panelsReady ? <LeftPanels /> : null}</aside>
          ) : null}
          <div
            ref={canvasRegion}
            className="esign-te__main"
            role="region"
            aria-label={t('editor.canvas')}
            aria-busy={pdfDocument.status === 'loading' ? true : undefined}
          >
            <PagesCanvas />
            {pdfDocument.status === 'loading' ? (
              <div className="esign-te__pdf-notice" role="status">
                {t('pdf.pagesLoading')}
              </div>
            ) : pdfDocument.status === 'failed' ? (
              <div className="esign-te__pdf-notice esign-te__pdf-notice--error" role="alert">
                {t('pdf.backgroundFailed')} {pdfErrorMessage(pdfDocument.error, locale, t)}
              </div>
            ) : null}
          </div>
          {mode === 'design' ? (
            <aside className="esign-te__side esign-te__side--right">
              {panelsReady ? <RightPanels /> : null}
            </aside>
          ) : mode === 'fill' && narrow === false ? (
            <aside className="esign-te__side esign-te__side--right">{guide('side')}</aside>
          ) : null}
        </div>
        {mode === 'fill' && narrow === true ? guide('sheet') : null}
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
