import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createEditorStore, type Participant, type TemplateProject } from '../../core';
import {
  TemplateEditor,
  type TemplateEditorHandle,
  type TemplateEditorProps,
} from '../TemplateEditor';

/** A one-page template: a text field of party A at (60, 120), 200 × 30, and a signature of B. */
function template(
  options: { pages?: number; participants?: Participant[]; overlap?: boolean } = {},
): TemplateProject {
  const store = createEditorStore();
  const s = () => store.getState();
  for (let i = 1; i < (options.pages ?? 1); i++) s().addPage();
  const first = s().project.pages[0]!.uuid;
  s().addElement(first, 'text', {
    title: 'Lessor name',
    config: { party: 'A' },
    commonStyle: { left: 60, top: 120, width: 200, height: 30 },
  });
  s().addElement(first, 'signature', {
    title: 'Lessee signature',
    config: { party: 'B' },
    commonStyle: { left: options.overlap ? 100 : 380, top: options.overlap ? 110 : 700 },
  });
  if (options.participants) s().setParticipants(options.participants);
  return s().project;
}

async function renderEditor(props: TemplateEditorProps) {
  const handle = createRef<TemplateEditorHandle>();
  const screen = await render(
    <div style={{ width: 1200, height: 800 }}>
      <TemplateEditor {...props} ref={handle} />
    </div>,
  );
  const store = () => handle.current!.store;
  const element = (title: string) =>
    store()
      .getState()
      .project.pages.flatMap((page) => page.elements)
      .find((e) => e.title === title);
  return { screen, store, element };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the properties panel', () => {
  it('renames a field on Enter, as one undo step', async () => {
    const { screen, store, element } = await renderEditor({ defaultValue: template() });
    await expect.element(screen.getByText('Select a field to see its settings.')).toBeVisible();
    const id = element('Lessor name')!.uuid;
    store().getState().select([id]);

    const name = screen.getByLabelText('Name', { exact: true });
    await expect.element(name).toHaveValue('Lessor name');
    await name.fill('Landlord name');
    // Typing alone changes nothing: the edit is committed on Enter or blur.
    expect(element('Landlord name')).toBeUndefined();
    await userEvent.keyboard('{Enter}');
    expect(element('Landlord name')?.uuid).toBe(id);
    expect(store().getState().undoLabel).toBe('updateElements');

    await screen.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(element('Lessor name')?.uuid).toBe(id);
    await expect.element(name).toHaveValue('Lessor name');
    expect(store().getState().canUndo).toBe(false);
  });

  it('commits on blur and drops the draft on Escape', async () => {
    const { screen, store, element } = await renderEditor({ defaultValue: template() });
    store()
      .getState()
      .select([element('Lessor name')!.uuid]);
    const tip = screen.getByLabelText('Hint for the filler');
    await tip.fill('Full legal name');
    await screen.getByLabelText('Name', { exact: true }).click();
    expect(element('Lessor name')?.config.tip).toBe('Full legal name');

    const name = screen.getByLabelText('Name', { exact: true });
    await name.fill('Something else');
    await userEvent.keyboard('{Escape}');
    await expect.element(name).toHaveValue('Lessor name');
    expect(element('Something else')).toBeUndefined();
  });

  it('refuses a bad number next to the field, keeps what the author typed, in their language', async () => {
    const { screen, store, element } = await renderEditor({ defaultValue: template() });
    store()
      .getState()
      .select([element('Lessor name')!.uuid]);
    const width = screen.getByLabelText('Width (pt)');
    await width.fill('-5');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Must be greater than 0')).toBeVisible();
    await expect.element(width).toHaveValue('-5');
    await expect.element(width).toHaveAttribute('aria-invalid', 'true');
    expect(element('Lessor name')?.commonStyle.width).toBe(200);
    expect(store().getState().canUndo).toBe(false);

    await width.fill('abc');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Enter a number')).toBeVisible();

    await width.fill('240');
    await userEvent.keyboard('{Enter}');
    expect(element('Lessor name')?.commonStyle.width).toBe(240);
    await expect.element(width).not.toHaveAttribute('aria-invalid');
  });

  it('shows the refusal in Chinese in a Chinese editor', async () => {
    const { screen, store, element } = await renderEditor({
      defaultValue: template(),
      locale: 'zh',
    });
    store()
      .getState()
      .select([element('Lessor name')!.uuid]);
    const height = screen.getByLabelText('高度（磅）');
    await height.fill('0');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('必须大于 0')).toBeVisible();
  });

  it('edits the settings of each kind and the layer order', async () => {
    const { screen, store, element } = await renderEditor({ defaultValue: template() });
    store()
      .getState()
      .select([element('Lessor name')!.uuid]);
    await screen.getByLabelText('Font size').selectOptions('Size 3 (16 pt)');
    expect(element('Lessor name')?.commonStyle.fontSize).toBe(21.3);
    await screen.getByLabelText('Font', { exact: true }).selectOptions('Kai');
    expect(element('Lessor name')?.commonStyle.fontFamily).toBe('KaiTi');
    await screen.getByRole('button', { name: 'Right', exact: true }).click();
    expect(element('Lessor name')?.commonStyle.textAlign).toBe('right');
    await expect
      .element(screen.getByRole('button', { name: 'Right', exact: true }))
      .toHaveAttribute('aria-pressed', 'true');
    await screen.getByLabelText('Digits only').click();
    expect(element('Lessor name')?.config.isNumber).toBe(true);
    await screen.getByLabelText('Colour code (#RRGGBB)').fill('#c00');
    await userEvent.keyboard('{Enter}');
    expect(element('Lessor name')?.commonStyle.color).toBe('#cc0000');

    const properties = screen.getByRole('region', { name: 'Properties' });
    await properties.getByRole('button', { name: 'Bring to front' }).click();
    const page = store().getState().project.pages[0]!;
    expect(page.elements.at(-1)?.title).toBe('Lessor name');
    await expect
      .element(properties.getByRole('button', { name: 'Bring to front' }))
      .toHaveAttribute('aria-disabled', 'true');
  });

  it('gives an image an identity card size when its type is chosen', async () => {
    const store = createEditorStore(template());
    const [id] = store.getState().addElement(store.getState().project.pages[0]!.uuid, 'image', {
      title: 'ID card',
      commonStyle: { left: 60, top: 300 },
    });
    const editor = await renderEditor({ defaultValue: store.getState().project });
    editor.store().getState().select([id!]);
    await editor.screen.getByLabelText('Image type').selectOptions('ID card (portrait)');
    expect(editor.element('ID card')?.commonStyle).toMatchObject({ width: 126.15, height: 199 });
    await expect.element(editor.screen.getByLabelText('Width (pt)')).toHaveValue('126.15');
  });

  it('offers the editor’s seals for a seal field', async () => {
    const store = createEditorStore(template({ pages: 2 }));
    const [id] = store.getState().addElement(store.getState().project.pages[0]!.uuid, 'seal', {
      title: 'Company seal',
    });
    const editor = await renderEditor({
      defaultValue: store.getState().project,
      seals: [{ id: 'seal-1', name: 'Contract seal', imageUrl: '' }],
    });
    editor.store().getState().select([id!]);
    const seal = editor.screen.getByLabelText('Seal', { exact: true });
    await expect.element(seal).toHaveDisplayValue('Chosen when signing');
    await expect.element(editor.screen.getByText(/This seal is on every page/)).toBeVisible();
    await seal.selectOptions('Contract seal');
    const sealIds = editor
      .store()
      .getState()
      .project.pages.map(
        (page) => page.elements.find((e) => e.elName === 'seal')?.previewConfig.sealId,
      );
    expect(sealIds).toEqual(['seal-1', 'seal-1']);
  });

  it('applies what several fields share to all of them at once', async () => {
    const { screen, store, element } = await renderEditor({ defaultValue: template() });
    const ids = [element('Lessor name')!.uuid, element('Lessee signature')!.uuid];
    store().getState().select(ids);
    await expect
      .element(screen.getByRole('region', { name: 'Properties' }).getByText('2 fields selected'))
      .toBeVisible();
    const party = screen.getByLabelText('Party', { exact: true });
    await expect.element(party).toHaveDisplayValue('Mixed');
    // A signature holds no text: the text style is not offered.
    await expect.element(screen.getByLabelText('Font size')).not.toBeInTheDocument();
    await party.selectOptions('Party C');
    expect(
      ids.map(
        (id) =>
          store()
            .getState()
            .project.pages[0]!.elements.find((e) => e.uuid === id)?.config.party,
      ),
    ).toEqual(['C', 'C']);
    store().getState().undo();
    expect(element('Lessor name')?.config.party).toBe('A');
    expect(element('Lessee signature')?.config.party).toBe('B');
  });

  it('focuses the name when a field is double-clicked on the canvas', async () => {
    const { screen, element } = await renderEditor({ defaultValue: template() });
    const slot = screen.getByRole('group', { name: 'Page 1' });
    await expect.element(slot).toBeVisible();
    const stage = slot.element().querySelector('canvas')!;
    const scale = stage.getBoundingClientRect().width / 596;
    const style = element('Lessor name')!.commonStyle;
    await slot.dblClick({
      position: {
        x: (style.left + style.width / 2) * scale,
        y: (style.top + style.height / 2) * scale,
      },
    });
    await expect.element(screen.getByLabelText('Name', { exact: true })).toHaveFocus();
  });
});

describe('the participants panel', () => {
  it('says when no party signs and when a party neither signs nor fills', async () => {
    const { screen, store } = await renderEditor({
      defaultValue: template({
        participants: [
          { party: 'A', sign: true, fill: false, name: 'Lessor' },
          { party: 'B', sign: false, fill: true, name: '' },
        ],
      }),
    });
    const participants = screen.getByRole('region', { name: 'Participants' });
    await expect.element(participants.getByText('At least one signatory')).not.toBeInTheDocument();
    const partyA = participants.getByRole('group', { name: 'Party A' });
    await partyA.getByLabelText('Sign').click();
    await expect.element(participants.getByText('At least one signatory')).toBeVisible();
    await expect
      .element(partyA.getByText('Participants must tick sign or fill items'))
      .toBeVisible();
    expect(store().getState().project.participants[0]).toMatchObject({
      party: 'A',
      sign: false,
      fill: false,
    });

    await screen.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.element(participants.getByText('At least one signatory')).not.toBeInTheDocument();
  });

  it('adds the next party, names it on blur, and removes it', async () => {
    const { screen, store } = await renderEditor({ defaultValue: template() });
    await screen.getByRole('button', { name: 'Add party' }).click();
    const name = screen.getByLabelText('Name of party C');
    await expect.element(name).toHaveFocus();
    await name.fill('Guarantor');
    await screen.getByRole('group', { name: 'Party C' }).getByLabelText('Fill').click();
    expect(
      store()
        .getState()
        .project.participants.find((p) => p.party === 'C'),
    ).toEqual({
      party: 'C',
      sign: true,
      fill: false,
      name: 'Guarantor',
    });
    await screen.getByRole('button', { name: 'Remove party C' }).click();
    expect(
      store()
        .getState()
        .project.participants.map((p) => p.party),
    ).toEqual(['A', 'B']);
    await expect.element(screen.getByRole('button', { name: 'Add party' })).toHaveFocus();
  });
});

describe('the checks panel', () => {
  it('lists problems; clicking one selects its fields and goes to their page', async () => {
    const { screen, store, element } = await renderEditor({
      defaultValue: template({ overlap: true }),
    });
    const problem = screen.getByRole('button', {
      name: /"Lessor name" and "Lessee signature" overlap/,
    });
    await expect.element(problem).toBeVisible();
    await problem.click();
    expect(store().getState().selection).toEqual([
      element('Lessor name')!.uuid,
      element('Lessee signature')!.uuid,
    ]);
    await expect
      .element(screen.getByRole('region', { name: 'Properties' }).getByText('2 fields selected'))
      .toBeVisible();

    store()
      .getState()
      .moveElements([element('Lessee signature')!.uuid], 300, 500);
    await expect.element(problem).not.toBeInTheDocument();
    // Party A signs but has nothing to sign, B fills but has nothing to fill: not buttons.
    await expect
      .element(screen.getByText('Party A signs but has no seal or signature field'))
      .toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: /Party A signs/ }))
      .not.toBeInTheDocument();

    store()
      .getState()
      .setParticipants([
        { party: 'A', sign: false, fill: true, name: '' },
        { party: 'B', sign: true, fill: false, name: '' },
      ]);
    await expect
      .element(screen.getByText('The template is ready: every check passes.'))
      .toBeVisible();
  });

  it('speaks Chinese in a Chinese editor', async () => {
    const { screen } = await renderEditor({
      defaultValue: template({ overlap: true }),
      locale: 'zh',
    });
    await expect
      .element(screen.getByRole('button', { name: /“Lessor name”与“Lessee signature”重叠/ }))
      .toBeVisible();
    await expect.element(screen.getByText('第 1 页', { exact: true }).first()).toBeVisible();
  });
});

describe('the pages panel', () => {
  it('goes to a page, adds one after the current page and deletes one after confirming', async () => {
    const { screen, store } = await renderEditor({ defaultValue: template({ pages: 3 }) });
    const goTo2 = screen.getByRole('button', { name: 'Go to page 2', exact: true });
    await goTo2.click();
    await expect.element(goTo2).toHaveAttribute('aria-current', 'page');

    await screen.getByRole('button', { name: 'Add page' }).click();
    expect(store().getState().project.pages).toHaveLength(4);
    await expect
      .element(screen.getByRole('button', { name: 'Go to page 3', exact: true }))
      .toHaveAttribute('aria-current', 'page');
    const added = store().getState().project.pages[2]!;
    expect(added.elements).toHaveLength(0);

    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    await screen.getByRole('button', { name: 'Delete page 3' }).click();
    expect(confirm).toHaveBeenLastCalledWith('Delete page 3 and the fields on it?');
    expect(store().getState().project.pages).toHaveLength(4);
    await screen.getByRole('button', { name: 'Delete page 3' }).click();
    expect(
      store()
        .getState()
        .project.pages.map((p) => p.uuid),
    ).not.toContain(added.uuid);
    await expect
      .element(screen.getByRole('button', { name: 'Go to page 3', exact: true }))
      .toHaveFocus();
  });

  it('warns that the only page is replaced by a blank one', async () => {
    const { screen, store } = await renderEditor({ defaultValue: template() });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await screen.getByRole('button', { name: 'Delete page 1' }).click();
    expect(confirm.mock.calls[0]![0]).toContain('it will be replaced by a blank page');
    expect(store().getState().project.pages).toHaveLength(1);
    expect(store().getState().project.pages[0]!.elements).toHaveLength(0);
  });

  it('moves between pages with the arrow keys', async () => {
    const { screen } = await renderEditor({ defaultValue: template({ pages: 3 }) });
    await screen.getByRole('button', { name: 'Go to page 1', exact: true }).click();
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .element(screen.getByRole('button', { name: 'Go to page 2', exact: true }))
      .toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect
      .element(screen.getByRole('button', { name: 'Go to page 3', exact: true }))
      .toHaveAttribute('aria-current', 'page');
  });

  it('mounts only the thumbnails around the current page of a long template', async () => {
    const pages = Array.from({ length: 200 }, (_, index) => ({
      uuid: `page-${index}`,
      elements: [
        {
          elName: 'text',
          title: `Initials ${index + 1}`,
          commonStyle: { left: 60, top: 760, width: 160, height: 30 },
        },
      ],
    }));
    const { screen } = await renderEditor({ defaultValue: { pages } });
    await expect.element(screen.getByText('Showing pages 1–60 of 200')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Go to page \d+$/ }).elements()).toHaveLength(60);

    await screen.getByLabelText('Go to page', { exact: true }).fill('150');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('button', { name: 'Go to page 150', exact: true }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(screen.getByText('Showing pages 120–179 of 200')).toBeVisible();
  });
});

describe('the icons', () => {
  it('are inline SVG, hidden from assistive technology, in the toolbar and the toolbox', async () => {
    const { screen } = await renderEditor({ defaultValue: template() });
    for (const name of ['Undo', 'Zoom in', 'Align left', 'Bring to front', 'Text', 'Seal']) {
      const button = screen.getByRole('button', { name, exact: true });
      await expect.element(button).toBeVisible();
      const svg = button.element().querySelector('svg');
      expect(svg?.getAttribute('aria-hidden'), name).toBe('true');
    }
  });
});
