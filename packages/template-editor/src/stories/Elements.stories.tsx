import type { Meta, StoryObj } from '@storybook/react-vite';
import { createEditorStore, type ElementKind, type TemplateProject } from '../core';
import { TemplateEditor } from '../react/TemplateEditor';
import { DEMO_SEALS } from './fixtures';

/** One page showing a field of `kind` for parties A and B, empty and filled. */
function showcase(kind: ElementKind, filled: Record<string, unknown> = {}): TemplateProject {
  const field = (party: 'A' | 'B', top: number, extra: Record<string, unknown> = {}) => ({
    elName: kind,
    title: `${kind} ${party}`,
    config: { party, required: party === 'A' },
    commonStyle: { left: 80, top },
    ...extra,
  });
  return createEditorStore({
    name: kind,
    pages: [{ elements: [field('A', 80), field('B', 320, filled)] }],
  }).getState().project;
}

const meta = {
  title: 'Editor/Elements',
  component: TemplateEditor,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: '90vh', padding: 8, boxSizing: 'border-box' }}>
        <Story />
      </div>
    ),
  ],
  args: { seals: DEMO_SEALS },
} satisfies Meta<typeof TemplateEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Text: the title as a placeholder until filled; font, size, colour and alignment of its own. */
export const TextField: Story = {
  name: 'Text',
  args: {
    defaultValue: showcase('text', {
      value: '张三 Zhang San',
      commonStyle: {
        left: 80,
        top: 320,
        fontFamily: 'KaiTi',
        fontSize: 24,
        color: '#1d39c4',
        textAlign: 'left',
      },
    }),
  },
};

/** Date: shows its format until a date is written in it. */
export const DateField: Story = {
  name: 'Date',
  args: {
    defaultValue: showcase('date', {
      value: '2026年11月21日',
      config: { party: 'B', dateFormat: 'yyyy年MM月dd日' },
    }),
  },
};

/** Image: an ID card keeps its real ratio (85.6 × 54 mm); other images are free. */
export const ImageField: Story = {
  name: 'Image',
  args: {
    defaultValue: showcase('image', { config: { party: 'B', imageType: 'idCardPortrait' } }),
  },
};

/** Seal: on every page; the chosen seal's image, else a round placeholder in the party's colour. */
export const SealField: Story = {
  name: 'Seal',
  args: { defaultValue: showcase('seal', { previewConfig: { sealId: 'seal-demo' } }) },
};

/** A seal whose image cannot be loaded shows the placeholder instead. */
export const SealImageMissing: Story = {
  name: 'Seal image missing',
  args: {
    defaultValue: showcase('seal', { previewConfig: { sealId: 'broken' } }),
    seals: [{ id: 'broken', name: 'Missing image', imageUrl: '/no-such-seal.png' }],
  },
};

/** Signature: "Sign here" over a line, in the party's colour. */
export const SignatureField: Story = {
  name: 'Signature',
  args: { defaultValue: showcase('signature') },
};
