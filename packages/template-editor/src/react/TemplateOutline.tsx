import { useMemo } from 'react';
import { deriveStampLocations, type EditorStore, type Locale } from '../core';
import { createEditorI18n } from '../i18n';
import { useEditorState } from './hooks';

/** Props of `<TemplateOutline>`. */
export interface TemplateOutlineProps {
  /** The editor store whose template is outlined. */
  store: EditorStore;
  /** The language of the outline's labels; default 'en'. */
  locale?: Locale;
}

/**
 * A plain outline of a template over the headless store: pages, their fields, the seal stamp
 * locations, and the history buttons. It shows the React bindings at work until the canvas editor
 * lands, and stays useful as an accessible, text-only view of a template.
 */
export function TemplateOutline({ store, locale = 'en' }: TemplateOutlineProps) {
  const t = useMemo(() => createEditorI18n(locale).t, [locale]);
  const project = useEditorState(store, (s) => s.project);
  const canUndo = useEditorState(store, (s) => s.canUndo);
  const canRedo = useEditorState(store, (s) => s.canRedo);
  const actions = store.getState();
  const firstPage = project.pages[0]!.uuid;
  const stamps = deriveStampLocations(project);
  return (
    <section aria-label={project.title || project.name || t('outline.template')}>
      <div role="toolbar">
        <button type="button" onClick={() => actions.undo()} disabled={!canUndo}>
          {t('action.undo')}
        </button>
        <button type="button" onClick={() => actions.redo()} disabled={!canRedo}>
          {t('action.redo')}
        </button>
        <button type="button" onClick={() => actions.addPage()}>
          {t('pages.add')}
        </button>
        <button type="button" onClick={() => actions.addElement(firstPage, 'text')}>
          {t('outline.addText')}
        </button>
        <button type="button" onClick={() => actions.addElement(firstPage, 'seal')}>
          {t('outline.addSeal')}
        </button>
      </div>
      <ol>
        {project.pages.map((page, index) => (
          <li key={page.uuid}>
            <strong>{t('pages.page', { number: index + 1 })}</strong> ({page.config.width} ×{' '}
            {page.config.height} pt)
            {page.elements.length === 0 ? (
              <p>{t('outline.empty')}</p>
            ) : (
              <ul>
                {page.elements.map((element) => (
                  <li key={element.uuid}>
                    {element.title} · {element.elName} · {element.config.party} · (
                    {element.commonStyle.left}, {element.commonStyle.top})
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <h3>{t('outline.stamps')}</h3>
      {stamps.length === 0 ? (
        <p>{t('outline.noStamps')}</p>
      ) : (
        <ul>
          {stamps.map((stamp) => (
            <li key={stamp.elementUuid}>
              p{stamp.page}: x {stamp.x}, y {stamp.y}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
