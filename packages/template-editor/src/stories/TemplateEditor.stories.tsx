import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactElement } from 'react';
import { TemplateEditor } from '../react/TemplateEditor';
import { DEMO_SEALS, leaseTemplate, manyPagesTemplate, stressTemplate } from './fixtures';
import { longContractPdf, mixedContractPdf } from './pdfFixtures';

const meta = {
  title: 'Editor/TemplateEditor',
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
  args: { locale: 'en', mode: 'design', seals: DEMO_SEALS },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'zh'] },
    mode: { control: 'inline-radio', options: ['design', 'fill', 'preview'] },
    party: { control: 'select', options: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] },
  },
} satisfies Meta<typeof TemplateEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A two-page lease: parties A and B, an ID card, a signature and a seal on every page. */
export const Default: Story = { args: { defaultValue: leaseTemplate() } };

/** The same editor in Chinese. */
export const Chinese: Story = { args: { defaultValue: leaseTemplate(), locale: 'zh' } };

/**
 * Party B fills its own fields, guided one at a time in reading order beside the page; the others
 * are read-only.
 */
export const FillMode: Story = {
  args: { defaultValue: leaseTemplate(), mode: 'fill', party: 'B' },
};

/**
 * The same on a phone (390 px): the page first, then a bottom sheet with a large control for each
 * field — a date picked in the field's own format, the ID card photographed and cut to the card's
 * shape, the signature drawn full screen.
 */
export const FillModePhone: Story = {
  args: {
    defaultValue: leaseTemplate(),
    mode: 'fill',
    party: 'B',
    fillSignatures: true,
    locale: 'zh',
  },
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: {
    viewport: {
      options: {
        mobile390: {
          name: 'Phone 390 × 844',
          styles: { width: '390px', height: '844px' },
          type: 'mobile',
        },
      },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 390, maxWidth: '100%', height: 844, maxHeight: '100vh' }}>
        <Story />
      </div>
    ),
  ],
};

/** A phone's size (390 × 844) for the stories below. */
const PHONE = {
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: {
    viewport: {
      options: {
        mobile390: {
          name: 'Phone 390 × 844',
          styles: { width: '390px', height: '844px' },
          type: 'mobile',
        },
      },
    },
  },
  decorators: [
    (Story: () => ReactElement) => (
      <div style={{ width: 390, maxWidth: '100%', height: 844, maxHeight: '100vh' }}>
        <Story />
      </div>
    ),
  ],
};

/** The lease with named parties, the lessee's name long enough to wrap in a narrow select. */
function namedLease() {
  const project = leaseTemplate();
  return {
    ...project,
    participants: project.participants.map((participant) => ({
      ...participant,
      name: participant.party === 'A' ? 'Landlord' : 'Customer (private individual)',
    })),
  };
}

/**
 * Designing on a phone (390 px): the pages first, then the panels at the phone's full width in
 * one scroll — the selected field's properties, the parties and the checks, then the fields to
 * add and the pages — nothing cut at the edge; a select's chosen label wraps.
 */
export const DesignPhone: Story = { ...PHONE, args: { defaultValue: namedLease() } };

/** The same in Chinese. */
export const DesignPhoneZh: Story = {
  ...PHONE,
  args: { defaultValue: namedLease(), locale: 'zh' },
};

/** Read-only, with values shown. */
export const Preview: Story = { args: { defaultValue: leaseTemplate(), mode: 'preview' } };

/** 200 pages: only the pages near the viewport are mounted. */
export const ManyPages: Story = { args: { defaultValue: manyPagesTemplate(200) } };

/** 500 fields on one page. */
export const Stress: Story = { args: { defaultValue: stressTemplate(500) } };

/** 2,000 fields on one page: dragging one keeps the frame rate (`npm run bench`). */
export const Stress2000: Story = { args: { defaultValue: stressTemplate(2000) } };

/** A template that fails validation shows what is wrong instead of a blank canvas. */
export const InvalidTemplate: Story = {
  args: {
    defaultValue: { pages: [{ elements: [{ elName: 'video', commonStyle: { width: -1 } }] }] },
  },
};

/**
 * A template made from a contract's PDF (generated with pdf-lib): A4, A4 landscape, Letter and a
 * page turned by /Rotate 90, each drawn by pdf.js behind its page at the current zoom.
 */
export const PdfBacked: Story = {
  loaders: [async () => ({ pdf: await mixedContractPdf() })],
  render: (args, { loaded }) => <TemplateEditor {...args} pdf={loaded.pdf as Uint8Array} />,
};

/** A 300-page PDF: only the pages near the viewport are drawn, and drawn pages are cached. */
export const PdfManyPages: Story = {
  loaders: [async () => ({ pdf: await longContractPdf(300) })],
  render: (args, { loaded }) => <TemplateEditor {...args} pdf={loaded.pdf as Uint8Array} />,
};
