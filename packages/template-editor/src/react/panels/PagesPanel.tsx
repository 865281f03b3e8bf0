import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { PARTY_COLORS, hasOwnPlace, type TemplatePage } from '../../core';
import { useCrossPageOnPage } from '../canvas/crossPage';
import { usePdfPageImage } from '../canvas/usePdfPage';
import { useEditor, useProjectState, useViewState } from '../context';
import type { LoadedPdf } from '../../pdf/load';
import { Icon } from '../icons';

/** The box a thumbnail fits in, in CSS pixels. */
const THUMB_WIDTH = 96;
const THUMB_HEIGHT = 136;

/** At most this many thumbnails are mounted, around the current page; a jump input reaches the rest. */
export const PAGE_WINDOW = 60;

/** The first page of the window of `size` pages around `current`. */
export function windowStart(current: number, total: number, size = PAGE_WINDOW): number {
  if (total <= size) return 0;
  return Math.max(0, Math.min(current - Math.floor(size / 2), total - size));
}

/**
 * The pages as thumbnails: click one (or use the arrow keys, Home and End) to go to it; add a page
 * after the current one; delete a page after confirming. Only the thumbnails around the current
 * page are mounted, so a 200-page template costs no more than a 60-page one.
 */
export function PagesPanel() {
  const { t, store, view, pdf } = useEditor();
  const pages = useProjectState((s) => s.project.pages);
  const total = pages.length;
  const current = Math.max(
    0,
    Math.min(
      useViewState((s) => s.currentPage),
      total - 1,
    ),
  );
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const start = windowStart(current, total);
  const end = Math.min(total, start + PAGE_WINDOW);

  // Keep the current page's thumbnail in view (without scrolling the host page), and move focus
  // to it after keyboard navigation or a deletion.
  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>(`[data-page-index="${current}"]`);
    if (!container || !item) return;
    if (item.offsetTop < container.scrollTop) container.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > container.scrollTop + container.clientHeight)
      container.scrollTop = item.offsetTop + item.offsetHeight - container.clientHeight;
    if (pendingFocus.current === current) {
      pendingFocus.current = null;
      item.querySelector<HTMLElement>('.esign-te__page-go')?.focus({ preventScroll: true });
    }
  }, [current, start, total]);

  const go = (index: number, focus = false) => {
    const target = Math.max(0, Math.min(index, store.getState().project.pages.length - 1));
    if (focus) pendingFocus.current = target;
    view.getState().scrollToPage(target);
  };

  const add = () => {
    const at = Math.min(current + 1, store.getState().project.pages.length);
    store.getState().addPage(at);
    view.getState().scrollToPage(at);
    view.getState().announce(t('pages.added', { number: at + 1 }));
  };

  const remove = (index: number) => {
    const state = store.getState();
    const page = state.project.pages[index];
    if (!page) return;
    const question = t('pages.confirmDelete', { number: index + 1 });
    const only = state.project.pages.length === 1;
    if (!window.confirm(only ? `${question}\n\n${t('pages.lastPage')}` : question)) return;
    state.removePage(page.uuid);
    view.getState().announce(t('pages.deleted', { number: index + 1 }));
    go(Math.min(index, store.getState().project.pages.length - 1), true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-page-index]');
    if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Number(item.dataset.pageIndex);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      PageDown: index + 10,
      PageUp: index - 10,
      Home: 0,
      End: total - 1,
    };
    const target = moves[event.key];
    // Handled here, the keys must not reach the editor's shortcuts (move or delete fields).
    if (target !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      go(target, true);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      event.stopPropagation();
      remove(index);
    }
  };

  return (
    <section className="esign-te__panel esign-te__pages" aria-labelledby={headingId}>
      <div className="esign-te__panel-head">
        <h2 id={headingId}>
          {t('pages.title')} <span className="esign-te__count">{total}</span>
        </h2>
        <button type="button" className="esign-te__icon-text" onClick={add}>
          <Icon name="add" />
          {t('pages.add')}
        </button>
      </div>
      {total > PAGE_WINDOW ? (
        <PageJump total={total} current={current} onGo={(index) => go(index)} />
      ) : null}
      {total > PAGE_WINDOW ? (
        <p className="esign-te__hint">
          {t('pages.showing', { from: start + 1, to: end, count: total })}
        </p>
      ) : null}
      <ol
        ref={list}
        className="esign-te__page-list"
        aria-labelledby={headingId}
        onKeyDown={onKeyDown}
      >
        {pages.slice(start, end).map((page, offset) => {
          const index = start + offset;
          const isCurrent = index === current;
          return (
            <li
              key={page.uuid}
              className="esign-te__page-item"
              data-page-index={index}
              data-current={isCurrent || undefined}
            >
              <div className="esign-te__page-card">
                <button
                  type="button"
                  className="esign-te__page-go"
                  aria-label={t('pages.goTo', { number: index + 1 })}
                  aria-current={isCurrent ? 'page' : undefined}
                  tabIndex={isCurrent ? 0 : -1}
                  onClick={() => go(index)}
                >
                  <PageThumb page={page} pdf={pdf} pageIndex={index} />
                  <span className="esign-te__page-number" aria-hidden="true">
                    {index + 1}
                  </span>
                </button>
                <button
                  type="button"
                  className="esign-te__icon-button esign-te__page-delete"
                  aria-label={t('pages.delete', { number: index + 1 })}
                  title={t('pages.delete', { number: index + 1 })}
                  tabIndex={isCurrent ? 0 : -1}
                  onClick={() => remove(index)}
                >
                  <Icon name="delete" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A page number input for long templates: Enter goes to the page. */
function PageJump({
  total,
  current,
  onGo,
}: {
  total: number;
  current: number;
  onGo(index: number): void;
}) {
  const { t } = useEditor();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const submit = () => {
    const number = Math.round(Number(draft));
    setDraft(null);
    if (draft !== null && draft.trim() !== '' && Number.isFinite(number))
      onGo(Math.max(1, Math.min(total, number)) - 1);
  };
  return (
    <div className="esign-te__jump">
      <label htmlFor={id}>{t('pages.jump')}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft ?? String(current + 1)}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          } else if (event.key === 'Escape') {
            setDraft(null);
          }
        }}
        onBlur={() => setDraft(null)}
      />
      <span>{t('pages.of', { count: total })}</span>
    </div>
  );
}

/**
 * Thumbnails are drawn after every page of the canvas that waits: their renders queue behind them.
 */
const THUMB_PRIORITY = 1_000_000;

/**
 * The contract's PDF page behind a thumbnail, drawn by pdf.js at thumbnail size once the thumbnail
 * has scrolled into view (a long contract mounts 60 thumbnails; a few are seen).
 */
function PdfThumbLayer({
  pdf,
  pageIndex,
  scale,
}: {
  pdf: LoadedPdf;
  pageIndex: number;
  scale: number;
}) {
  const { view } = useEditor();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [seen, setSeen] = useState(false);
  const priority = useCallback(
    () => THUMB_PRIORITY + Math.abs(pageIndex - view.getState().currentPage),
    [pageIndex, view],
  );
  const { image } = usePdfPageImage(seen ? pdf : null, pageIndex, scale, priority);

  useEffect(() => {
    const thumb = canvas.current?.parentElement;
    if (seen || !thumb) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(thumb);
    return () => observer.disconnect();
  }, [seen]);

  useLayoutEffect(() => {
    const target = canvas.current;
    if (!target || !image) return;
    target.width = image.width;
    target.height = image.height;
    target.getContext('2d')?.drawImage(image, 0, 0);
  }, [image]);
  return (
    <canvas
      ref={canvas}
      className="esign-te__thumb-pdf"
      hidden={!image}
      width={0}
      height={0}
      aria-hidden="true"
    />
  );
}

/**
 * A page at thumbnail size: its background (the contract's PDF page when there is one) and its
 * fields as boxes in their party's colour, drawn as one SVG (no Konva). Memoised on the page, which
 * only changes when the page does.
 */
export const PageThumb = memo(function PageThumb({
  page,
  pdf,
  pageIndex,
}: {
  page: TemplatePage;
  pdf?: LoadedPdf | null | undefined;
  pageIndex: number;
}) {
  const { width, height } = page.config;
  const { backgroundColor, backgroundImage, backgroundSize } = page.commonStyle;
  const fit = Math.min(THUMB_WIDTH / width, THUMB_HEIGHT / height);
  const crossPage = useCrossPageOnPage(pageIndex);
  return (
    <span
      className="esign-te__thumb"
      style={{
        width: Math.max(8, Math.round(width * fit)),
        height: Math.max(8, Math.round(height * fit)),
        backgroundColor: backgroundColor || undefined,
        backgroundImage: backgroundImage ? `url(${JSON.stringify(backgroundImage)})` : undefined,
        backgroundSize: backgroundSize || undefined,
      }}
    >
      {pdf && pageIndex < pdf.pageCount ? (
        <PdfThumbLayer pdf={pdf} pageIndex={pageIndex} scale={fit} />
      ) : null}
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
        {page.elements.map((element) => {
          // A cross-page seal shows as its slices (below), wherever it is stored.
          if (crossPage.sliced.has(element.uuid)) return null;
          const s = element.commonStyle;
          const color = PARTY_COLORS[element.config.party];
          const stroke = Math.max(width, height) / 150;
          const transform = s.rotate
            ? `rotate(${s.rotate} ${s.left + s.width / 2} ${s.top + s.height / 2})`
            : undefined;
          if (element.elName === 'seal') {
            // A seal's copy is a round mark, dashed when placed on this page on its own, so the
            // thumbnails show at a glance whether every page carries it at the same place.
            const alone = hasOwnPlace(element);
            return (
              <ellipse
                key={element.uuid}
                data-field={element.uuid}
                data-seal-group={element.config.sealGroup}
                data-own-place={alone || undefined}
                cx={s.left + s.width / 2}
                cy={s.top + s.height / 2}
                rx={s.width / 2}
                ry={s.height / 2}
                fill={color}
                fillOpacity={0.45}
                stroke={color}
                strokeWidth={stroke * 1.5}
                strokeDasharray={alone ? `${stroke * 4} ${stroke * 2}` : undefined}
                transform={transform}
              />
            );
          }
          return (
            <rect
              key={element.uuid}
              data-field={element.uuid}
              x={s.left}
              y={s.top}
              width={s.width}
              height={s.height}
              fill={color}
              fillOpacity={0.3}
              stroke={color}
              strokeWidth={stroke}
              transform={transform}
            />
          );
        })}
        {crossPage.items.flatMap((item) =>
          item.slices.map((slice) => {
            const color = PARTY_COLORS[item.element.config.party];
            return (
              <rect
                key={`${item.element.uuid}-${slice.edge}`}
                data-cross-page={item.element.uuid}
                x={slice.box.x}
                y={slice.box.y}
                width={slice.box.width}
                height={slice.box.height}
                fill={color}
                fillOpacity={0.3}
                stroke={color}
                strokeWidth={Math.max(width, height) / 150}
              />
            );
          }),
        )}
      </svg>
    </span>
  );
});
