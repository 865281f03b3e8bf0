/** Browser tests: a `<TemplateEditor>` mounted as an embedding product would, and its pages' stages. */
import type Konva from 'konva';
import { createRef } from 'react';
import { expect } from 'vitest';
import { render } from 'vitest-browser-react';
import type { TemplateElement, TemplateProject } from '../core';
import { TemplateEditor, type TemplateEditorHandle } from '../react/TemplateEditor';
import { nextFrame } from './browser';

/**
 * Mounts the editor (uncontrolled, `value` as its default) in a 1200 × 850 box and waits until its
 * pages region shows; `element(uuid)` reads a field from the editor's store as it is now.
 */
export async function mountEditor(
  value: TemplateProject,
  props: Partial<Parameters<typeof TemplateEditor>[0]> = {},
) {
  const ref = createRef<TemplateEditorHandle>();
  const screen = await render(
    <div style={{ width: 1200, height: 850 }}>
      <TemplateEditor ref={ref} defaultValue={value} {...props} />
    </div>,
  );
  await expect
    .element(
      screen.getByRole('region', { name: props.locale === 'zh' ? '模板页面' : 'Template pages' }),
    )
    .toBeVisible();
  await nextFrame();
  const root = screen.container.querySelector<HTMLElement>('.esign-te')!;
  const store = () => ref.current!.store;
  const elements = (): TemplateElement[] =>
    store()
      .getState()
      .project.pages.flatMap((page) => page.elements);
  const element = (uuid: string): TemplateElement =>
    elements().find((candidate) => candidate.uuid === uuid)!;
  return { screen, root, ref, store, elements, element };
}

/** The Konva stage of page `number` (1-based) of the editor at `root`. */
export function stageOf(root: HTMLElement, number = 1): Konva.Stage {
  const page = root.querySelector(`.esign-te__page[data-page="${number}"]`);
  if (!page) throw new Error(`Page ${number} is not mounted`);
  return (window as unknown as { Konva: { stages: Konva.Stage[] } }).Konva.stages.find((stage) =>
    page.contains(stage.container()),
  )!;
}
