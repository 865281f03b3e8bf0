import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { createEditorStore } from '../core';
import { TemplateOutline } from './TemplateOutline';

describe('<TemplateOutline> in Chromium', () => {
  it('adds a seal on every page and takes it back with undo', async () => {
    const store = createEditorStore();
    store.getState().addPage();
    const screen = await render(<TemplateOutline store={store} />);
    const undo = screen.getByRole('button', { name: 'Undo' });
    await expect.element(screen.getByText('No seals yet')).toBeInTheDocument();

    await screen.getByRole('button', { name: 'Add seal (all pages)' }).click();
    await expect.element(screen.getByText(/^p2: x/)).toBeInTheDocument();
    expect(store.getState().project.pages.every((page) => page.elements.length === 1)).toBe(true);

    await undo.click();
    await expect.element(screen.getByText('No seals yet')).toBeInTheDocument();
    await expect.element(undo).toBeEnabled(); // the added page is still undoable
    await undo.click();
    await expect.element(undo).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();
  });

  it('speaks Chinese when asked', async () => {
    const screen = await render(<TemplateOutline store={createEditorStore()} locale="zh" />);
    await expect.element(screen.getByRole('button', { name: '撤销' })).toBeDisabled();
    await expect.element(screen.getByText('本页暂无字段')).toBeInTheDocument();
  });
});
