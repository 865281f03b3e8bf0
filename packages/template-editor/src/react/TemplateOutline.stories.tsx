import type { Meta, StoryObj } from '@storybook/react-vite';
import { createEditorStore } from '../core';
import { TemplateOutline } from './TemplateOutline';
import { useCreateEditorStore } from './hooks';

const meta = {
  title: 'Editor/Template outline',
  component: TemplateOutline,
  args: { store: createEditorStore(), locale: 'en' },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'zh'] },
    store: { control: false },
  },
} satisfies Meta<typeof TemplateOutline>;

export default meta;
type Story = StoryObj<typeof meta>;

function WithOwnStore({ locale }: { locale: 'en' | 'zh' }) {
  const store = useCreateEditorStore(undefined, { locale });
  return <TemplateOutline store={store} locale={locale} />;
}

/** A blank template: add pages, text and seals, then undo and redo. */
export const Blank: Story = {
  render: (args) => <WithOwnStore locale={args.locale ?? 'en'} />,
};

/** The same in Chinese. */
export const Chinese: Story = {
  args: { locale: 'zh' },
  render: (args) => <WithOwnStore locale={args.locale ?? 'zh'} />,
};
