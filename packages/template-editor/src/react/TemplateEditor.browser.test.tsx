import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createEditorStore, type TemplateProject } from '../core';
import { mountEditor } from '../test-support/mountEditor';
import { TemplateEditor, type TemplateEditorHandle } from './TemplateEditor';

const blank = () => createEditorStore().getState().project;

describe('<TemplateEditor> as a component', () => {
  it('controlled: emits each change with the derived lists and accepts it back without losing history', async () => {
    const changes: TemplateProject[] = [];
    const ref = createRef<TemplateEditorHandle>();
    function Host() {
      const [value, setValue] = useState<TemplateProject>(blank);
      return (
        <div style={{ width: 1100, height: 700 }}>
          <TemplateEditor
            ref={ref}
            value={value}
            onChange={(next) => {
              changes.push(next);
              setValue(next);
            }}
          />
        </div>
      );
    }
    const screen = await render(<Host />);
    await screen.getByRole('button', { name: 'Signature' }).click();
    await screen.getByRole('button', { name: 'Text' }).click();
    expect(changes).toHaveLength(2);
    expect(changes[1]!.signList).toHaveLength(1);
    expect(changes[1]!.fillsInList).toHaveLength(1);
    // The host passed the value back: history is intact.
    expect(ref.current!.store.getState().undoDepth).toBe(2);
    await screen.getByRole('button', { name: 'Undo' }).click();
    expect(changes.at(-1)!.fillsInList).toHaveLength(0);
  });

  it('controlled: a new value from the host replaces the template', async () => {
    const ref = createRef<TemplateEditorHandle>();
    const first = blank();
    const second = createEditorStore({
      name: 'Second',
      pages: [{ elements: [{ elName: 'text', uuid: 'x' }] }],
    }).getState().project;
    const screen = await render(<TemplateEditor ref={ref} value={first} />);
    expect(ref.current!.getProject().pages[0]!.elements).toHaveLength(0);
    await screen.rerender(<TemplateEditor ref={ref} value={second} />);
    await expect.poll(() => ref.current!.getProject().name).toBe('Second');
  });

  it('exposes undo, redo, getProject, getStampLocations and the store through its ref', async () => {
    const ref = createRef<TemplateEditorHandle>();
    await render(<TemplateEditor ref={ref} />);
    const handle = ref.current!;
    handle.store.getState().addPage();
    handle.store
      .getState()
      .addElement(handle.getProject().pages[0]!.uuid, 'seal', { commonStyle: { left: 0, top: 0 } });
    expect(handle.getStampLocations()).toHaveLength(2);
    handle.undo();
    expect(handle.getStampLocations()).toHaveLength(0);
    handle.redo();
    expect(handle.getProject().signList).toHaveLength(2);
  });

  it('shows a field on a later page through its ref, in preview as in design', async () => {
    const project = createEditorStore().getState().project;
    const store = createEditorStore(project);
    for (let page = 0; page < 3; page++) store.getState().addPage();
    const third = store.getState().project.pages[2]!.uuid;
    store.getState().addElement(third, 'signature', { commonStyle: { left: 420, top: 640 } });
    const target = store.getState().project.pages[2]!.elements[0]!;
    const { root, ref } = await mountEditor(store.getState().project, { mode: 'preview' });
    const scroller = root.querySelector<HTMLElement>('.esign-te__scroller')!;
    expect(scroller.scrollTop).toBe(0);
    ref.current!.showField(target.uuid);
    // The field's middle comes to the middle of the canvas.
    await expect
      .poll(() => {
        const box = scroller.getBoundingClientRect();
        const page = root
          .querySelector<HTMLElement>('.esign-te__page[data-page="3"]')
          ?.getBoundingClientRect();
        if (!page) return Infinity;
        const scale = page.width / store.getState().project.pages[2]!.config.width;
        const style = target.commonStyle;
        const middle = page.top + (style.top + style.height / 2) * scale;
        return Math.abs(middle - (box.top + box.height / 2));
      })
      .toBeLessThan(4);
    expect(scroller.scrollTop).toBeGreaterThan(0);
    // An unknown field moves nothing.
    const before = scroller.scrollTop;
    ref.current!.showField('no-such-field');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scroller.scrollTop).toBe(before);
  });

  it('two editors on one page share nothing', async () => {
    const one = createRef<TemplateEditorHandle>();
    const two = createRef<TemplateEditorHandle>();
    const screen = await render(
      <div>
        <div style={{ height: 500 }}>
          <TemplateEditor ref={one} locale="en" />
        </div>
        <div style={{ height: 500 }}>
          <TemplateEditor ref={two} locale="zh" />
        </div>
      </div>,
    );
    await screen.getByRole('button', { name: 'Text' }).click();
    expect(one.current!.getProject().pages[0]!.elements).toHaveLength(1);
    expect(two.current!.getProject().pages[0]!.elements).toHaveLength(0);
    await expect.element(screen.getByRole('button', { name: '撤销' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  it('saves with Ctrl+S and the Save button, giving the stored template', async () => {
    const onSave = vi.fn();
    const screen = await render(
      <div style={{ height: 600 }}>
        <TemplateEditor onSave={onSave} />
      </div>,
    );
    await screen.getByRole('region', { name: 'Template pages' }).click();
    await userEvent.keyboard('{Control>}s{/Control}');
    await screen.getByRole('button', { name: 'Save' }).click();
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave.mock.calls[0]![0]).toHaveProperty('signList');
  });

  it('leaves the host page alone: no global styles, no changes outside its root', async () => {
    const before = document.head.innerHTML;
    const bodyClass = document.body.className;
    const screen = await render(<TemplateEditor />);
    expect(document.head.innerHTML).toBe(before);
    expect(document.body.className).toBe(bodyClass);
    const styles = [...screen.container.querySelectorAll('style')].map(
      (style) => style.textContent ?? '',
    );
    // Every rule is scoped under the editor's root class.
    for (const css of styles) {
      const selectors =
        css
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/@media[^{]+\{/g, '')
          .match(/(^|})\s*([^{}@]+)\{/g) ?? [];
      for (const selector of selectors) {
        const list = selector.replace(/[{}]/g, '').trim();
        if (!list) continue;
        for (const part of list.split(',')) expect(part.trim()).toMatch(/^\.esign-te/);
      }
    }
  });
});
