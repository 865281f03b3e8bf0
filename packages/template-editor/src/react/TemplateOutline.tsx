import { deriveStampLocations, type EditorStore, type Locale } from '../core';
import { useEditorState } from './hooks';

const TEXT = {
  en: {
    page: 'Page',
    empty: 'No fields on this page yet',
    undo: 'Undo',
    redo: 'Redo',
    addPage: 'Add page',
    addText: 'Add text',
    addSeal: 'Add seal (all pages)',
    stamps: 'Stamp locations',
    noStamps: 'No seals yet',
  },
  zh: {
    page: '第',
    empty: '本页暂无字段',
    undo: '撤销',
    redo: '重做',
    addPage: '添加页面',
    addText: '添加文本',
    addSeal: '添加印章（所有页面）',
    stamps: '盖章位置',
    noStamps: '暂无印章',
  },
} as const;

export interface TemplateOutlineProps {
  store: EditorStore;
  locale?: Locale;
}

/**
 * A plain outline of a template over the headless store: pages, their fields, the seal stamp
 * locations, and the history buttons. It shows the React bindings at work until the canvas editor
 * lands, and stays useful as an accessible, text-only view of a template.
 */
export function TemplateOutline({ store, locale = 'en' }: TemplateOutlineProps) {
  const t = TEXT[locale];
  const project = useEditorState(store, (s) => s.project);
  const canUndo = useEditorState(store, (s) => s.canUndo);
  const canRedo = useEditorState(store, (s) => s.canRedo);
  const actions = store.getState();
  const firstPage = project.pages[0]!.uuid;
  const stamps = deriveStampLocations(project);
  return (
    <section aria-label={project.title || project.name || 'Template'}>
      <div role="toolbar">
        <button type="button" onClick={() => actions.undo()} disabled={!canUndo}>
          {t.undo}
        </button>
        <button type="button" onClick={() => actions.redo()} disabled={!canRedo}>
          {t.redo}
        </button>
        <button type="button" onClick={() => actions.addPage()}>
          {t.addPage}
        </button>
        <button type="button" onClick={() => actions.addElement(firstPage, 'text')}>
          {t.addText}
        </button>
        <button type="button" onClick={() => actions.addElement(firstPage, 'seal')}>
          {t.addSeal}
        </button>
      </div>
      <ol>
        {project.pages.map((page, index) => (
          <li key={page.uuid}>
            <strong>
              {locale === 'zh' ? `${t.page} ${index + 1} 页` : `${t.page} ${index + 1}`}
            </strong>{' '}
            ({page.config.width} × {page.config.height} pt)
            {page.elements.length === 0 ? (
              <p>{t.empty}</p>
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
      <h3>{t.stamps}</h3>
      {stamps.length === 0 ? (
        <p>{t.noStamps}</p>
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
