import type { Meta, StoryObj } from '@storybook/react-vite';
import { createEditorStore, type TemplateProject } from '../core';
import { TemplateEditor } from '../react/TemplateEditor';
import { DEMO_SEALS } from './fixtures';

/**
 * A four-page contract whose company seal (party A) is on every page. With `apart`, the copy on the
 * last page (an appendix) was placed on its own, lower down: its thumbnail shows it dashed, and
 * the template checks warn about it.
 */
function sealedContract(apart: boolean): TemplateProject {
  const store = createEditorStore();
  const s = () => store.getState();
  s().updateProject({ name: 'Lease', title: 'Lease with appendix' });
  for (let i = 1; i < 4; i++) s().addPage();
  const first = s().project.pages[0]!.uuid;
  s().addElement(first, 'text', {
    title: 'Lessor name',
    config: { party: 'A' },
    commonStyle: { left: 60, top: 120, width: 220, height: 30 },
  });
  s().addElement(first, 'signature', {
    title: 'Tenant signature',
    config: { party: 'B' },
    commonStyle: { left: 360, top: 680, width: 160, height: 60 },
  });
  const copies = s().addElement(first, 'seal', {
    title: 'Company seal',
    config: { party: 'A' },
    previewConfig: { sealId: DEMO_SEALS[0]!.id },
    commonStyle: { left: 380, top: 520 },
  });
  if (apart) {
    const appendix = copies.at(-1)!;
    s().setSealCopyPlace(appendix, true);
    s().moveElements([appendix], -300, 120);
    s().select([appendix]);
  } else {
    s().select([copies[0]!]);
  }
  return s().project;
}

const meta = {
  title: 'Editor/SealCopies',
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
  args: { locale: 'en', mode: 'design', seals: DEMO_SEALS, defaultValue: sealedContract(false) },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'zh'] },
  },
} satisfies Meta<typeof TemplateEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Same place on every page: move or resize the seal and every page's copy follows. */
export const SamePlaceOnEveryPage: Story = {};

/** The appendix's copy placed on its own: dashed on its thumbnail, warned about in the checks. */
export const OneCopyOnItsOwn: Story = { args: { defaultValue: sealedContract(true) } };

/** The same in Chinese. */
export const Chinese: Story = { args: { locale: 'zh', defaultValue: sealedContract(true) } };
