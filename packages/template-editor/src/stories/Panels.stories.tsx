import type { Meta, StoryObj } from '@storybook/react-vite';
import { createEditorStore } from '../core';
import { ChecksPanel } from '../react/panels/ChecksPanel';
import { PagesPanel } from '../react/panels/PagesPanel';
import { ParticipantsPanel } from '../react/panels/ParticipantsPanel';
import { PropertiesPanel } from '../react/panels/PropertiesPanel';
import { Toolbox } from '../react/panels/Toolbox';
import { DEMO_SEALS, leaseTemplate } from './fixtures';
import { PanelHarness } from './PanelHarness';

const meta = {
  title: 'Editor/Panels',
  tags: ['autodocs'],
  component: PanelHarness,
  args: { locale: 'en', project: leaseTemplate(), children: null },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'zh'] },
    project: { control: false },
    children: { control: false },
  },
} satisfies Meta<typeof PanelHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const lease = leaseTemplate();
const first = (kind: string) =>
  lease.pages[0]!.elements.find((element) => element.elName === kind)!.uuid;

/** The field kinds to drag onto a page. */
export const ToolboxPanel: Story = {
  name: 'Toolbox',
  render: (args) => (
    <PanelHarness {...args}>
      <Toolbox />
    </PanelHarness>
  ),
};

/** The settings of a selected text field. */
export const PropertiesOfText: Story = {
  name: 'Properties: text',
  args: { project: lease, selection: [first('text')] },
  render: (args) => (
    <PanelHarness {...args}>
      <PropertiesPanel />
    </PanelHarness>
  ),
};

/** The settings of a seal, with the seals a signer may choose. */
export const PropertiesOfSeal: Story = {
  name: 'Properties: seal',
  args: { project: lease, selection: [first('seal')], seals: DEMO_SEALS },
  render: (args) => (
    <PanelHarness {...args}>
      <PropertiesPanel />
    </PanelHarness>
  ),
};

/** What several selected fields share. */
export const PropertiesOfSeveral: Story = {
  name: 'Properties: several fields',
  args: {
    project: lease,
    selection: lease.pages[0]!.elements.filter((e) => e.elName === 'text').map((e) => e.uuid),
  },
  render: (args) => (
    <PanelHarness {...args}>
      <PropertiesPanel />
    </PanelHarness>
  ),
};

/** Page thumbnails: go to, add, delete. */
export const Pages: Story = {
  args: { project: leaseTemplate(4) },
  render: (args) => (
    <PanelHarness {...args}>
      <PagesPanel />
    </PanelHarness>
  ),
};

/** Parties A–J and what each does. */
export const Participants: Story = {
  render: (args) => (
    <PanelHarness {...args}>
      <ParticipantsPanel />
    </PanelHarness>
  ),
};

/** A template with problems to fix: no signatory, overlapping and duplicate fields. */
export const Checks: Story = {
  args: {
    project: createEditorStore({
      participants: [{ party: 'A', sign: false, fill: true }],
      pages: [
        {
          elements: [
            {
              elName: 'text',
              title: 'Name',
              commonStyle: { left: 50, top: 50, width: 120, height: 30 },
            },
            {
              elName: 'text',
              title: 'Name',
              commonStyle: { left: 100, top: 60, width: 120, height: 30 },
            },
          ],
        },
      ],
    }).getState().project,
  },
  render: (args) => (
    <PanelHarness {...args}>
      <ChecksPanel />
    </PanelHarness>
  ),
};
