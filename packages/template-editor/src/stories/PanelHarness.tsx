import { useMemo, useState, type ReactNode } from 'react';
import { createEditorStore, type Locale, type TemplateProject } from '../core';
import { createEditorI18n } from '../i18n';
import { EditorContext, type EditorContextValue, type SealOption } from '../react/context';
import { EDITOR_CSS } from '../react/styles';
import { createViewStore } from '../react/view';

export interface PanelHarnessProps {
  project: TemplateProject;
  locale?: Locale;
  seals?: readonly SealOption[];
  /** Uuids selected when the story opens. */
  selection?: string[];
  children: ReactNode;
}

/** One panel on its own, over a store of its own: the editor's context without the canvas. */
export function PanelHarness({
  project,
  locale = 'en',
  seals = [],
  selection = [],
  children,
}: PanelHarnessProps) {
  const [store] = useState(() => {
    const created = createEditorStore(project, { locale });
    created.getState().select(selection);
    return created;
  });
  const [view] = useState(createViewStore);
  const context = useMemo<EditorContextValue>(() => {
    const i18n = createEditorI18n(locale);
    return {
      store,
      view,
      t: i18n.t.bind(i18n),
      locale,
      mode: 'design',
      party: undefined,
      fillOptions: {},
      seals,
      focusCanvas: () => undefined,
    };
  }, [store, view, locale, seals]);
  return (
    <div className="esign-te" style={{ width: 300, minHeight: 0, height: 'auto' }} lang={locale}>
      <style>{EDITOR_CSS}</style>
      <EditorContext.Provider value={context}>{children}</EditorContext.Provider>
    </div>
  );
}
