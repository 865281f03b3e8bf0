import type { Meta, StoryObj } from '@storybook/react-vite';
import { createEditorStore, type TemplateProject } from '../core';
import { TemplateEditor } from '../react/TemplateEditor';
import { DEMO_SEALS } from './fixtures';

/**
 * A five-page contract sealed across its pages by party A: one cross-page seal (骑缝章), stored on
 * page 1, shown as a fifth of the seal at the right edge of every page.
 */
function crossPageContract(): TemplateProject {
  const store = createEditorStore();
  const s = () => store.getState();
  s().updateProject({ name: 'Supply contract', title: 'Supply contract, five pages' });
  for (let i = 1; i < 5; i++) s().addPage();
  const first = s().project.pages[0]!.uuid;
  s().addElement(first, 'text', {
    title: 'Supplier name',
    config: { party: 'A' },
    commonStyle: { left: 60, top: 120, width: 220, height: 30 },
  });
  s().addElement(first, 'text', {
    title: 'Buyer name',
    config: { party: 'B' },
    commonStyle: { left: 320, top: 120, width: 220, height: 30 },
  });
  s().addElement(first, 'crosspage', {
    title: 'Supplier cross-page seal',
    config: { party: 'A', crossPageEdge: 'right', crossPageFrom: 1, crossPageTo: 0 },
    previewConfig: { sealId: DEMO_SEALS[0]!.id },
    commonStyle: { top: 360, width: 119, height: 119 },
  });
  s().select([]);
  return s().project;
}

const meta = {
  title: 'Editor/CrossPageSeal',
  tags: ['autodocs'],
  component: TemplateEditor,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh', padding: 8, boxSizing: 'border-box' }}>
        <Story />
      </div>
    ),
  ],
  args: { locale: 'en', mode: 'design', seals: DEMO_SEALS, defaultValue: crossPageContract() },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'zh'] },
    mode: { control: 'inline-radio', options: ['design', 'fill', 'preview'] },
  },
} satisfies Meta<typeof TemplateEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Design mode: click a slice to select the seal, drag it up or down, set it in the panel. */
export const Design: Story = {};

/** Read-only: each page shows its slice of the chosen seal. */
export const Preview: Story = { args: { mode: 'preview' } };

/** The same contract in Chinese. */
export const Chinese: Story = { args: { locale: 'zh' } };
