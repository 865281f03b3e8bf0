import { useId } from 'react';
import { ELEMENT_KINDS, type ElementKind } from '../../core';
import { FIELD_DRAG_TYPE } from '../canvas/PageStage';
import { useEditor } from '../context';
import { Icon } from '../icons';

/**
 * The field kinds: drag one onto a page, or press Enter (or click) to add it to the current page.
 * A seal goes on every page.
 */
export function Toolbox() {
  const { t, store, view, focusCanvas } = useEditor();
  const headingId = useId();
  const add = (kind: ElementKind) => {
    const state = store.getState();
    const page = state.project.pages[view.getState().currentPage] ?? state.project.pages[0]!;
    const [id] = state.addElement(page.uuid, kind);
    const title =
      store
        .getState()
        .project.pages.flatMap((p) => p.elements)
        .find((e) => e.uuid === id)?.title ?? '';
    view.getState().announce(t('announce.added', { title, page: view.getState().currentPage + 1 }));
    focusCanvas();
  };
  return (
    <section className="esign-te__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('toolbox.title')}</h2>
      <p>{t('toolbox.hint')}</p>
      <ul className="esign-te__toolbox">
        {ELEMENT_KINDS.map((kind) => (
          <li key={kind}>
            <button
              type="button"
              draggable
              data-kind={kind}
              onDragStart={(event) => {
                event.dataTransfer.setData(FIELD_DRAG_TYPE, kind);
                event.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => add(kind)}
            >
              <Icon name={kind} />
              {t(`kind.${kind}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
