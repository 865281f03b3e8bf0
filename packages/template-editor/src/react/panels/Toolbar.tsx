import { useStore } from 'zustand';
import { useEditor, useViewState } from '../context';
import { RUNNABLE_ACTIONS, type RunnableAction } from '../actions';
import type { EditorState } from '../../core';
import { Icon, hasIcon } from '../icons';

const GROUPS: readonly (readonly string[])[] = [
  ['undo', 'redo'],
  ['zoomOut', 'zoomIn', 'fitWidth', 'fitPage'],
  ['copy', 'paste', 'duplicate', 'delete'],
  [
    'alignLeft',
    'alignCenter',
    'alignRight',
    'alignTop',
    'alignMiddle',
    'alignBottom',
    'distributeHorizontal',
    'distributeVertical',
  ],
  ['bringForward', 'sendBackward', 'bringToFront', 'sendToBack'],
];

export interface ToolbarProps {
  /** The size of the canvas viewport, for fit width and fit page. */
  viewport(): { width: number; height: number };
  onSave?: (() => void) | undefined;
}

/** The toolbar: every action of the current mode as a labelled button, disabled when it does not apply. */
export function Toolbar({ viewport, onSave }: ToolbarProps) {
  const context = useEditor();
  const { t, mode } = context;
  const scale = useViewState((s) => s.scale);
  return (
    <div className="esign-te__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      {GROUPS.map((names) => {
        const actions = names
          .map((name) => RUNNABLE_ACTIONS.find((action) => action.name === name))
          .filter((action): action is RunnableAction => !!action && action.modes.includes(mode));
        if (actions.length === 0) return null;
        return (
          <div className="esign-te__toolbar-group" key={names[0]}>
            {actions.map((action) => (
              <ActionButton
                key={action.name}
                action={action}
                onRun={() => action.perform(context, viewport())}
              />
            ))}
            {names[0] === 'zoomOut' ? (
              <output className="esign-te__zoom" aria-label={t('zoom.level')}>
                {t('zoom.percent', { percent: Math.round(scale * 100) })}
              </output>
            ) : null}
          </div>
        );
      })}
      {onSave && mode !== 'preview' ? (
        <div className="esign-te__toolbar-group">
          <button type="button" onClick={onSave}>
            {t('action.save')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function ActionButton({ action, onRun }: { action: RunnableAction; onRun(): void }) {
  const { t, store } = useEditor();
  const enabled = useStore(store, (state: EditorState) => action.enabled(state));
  const label = t(action.label);
  return (
    <button
      type="button"
      aria-label={label}
      title={action.shortcut ? `${label} (${action.shortcut})` : label}
      disabled={!enabled}
      onClick={onRun}
      data-action={action.name}
    >
      {hasIcon(action.name) ? (
        <Icon name={action.name} />
      ) : (
        <span aria-hidden="true">{action.icon}</span>
      )}
    </button>
  );
}
