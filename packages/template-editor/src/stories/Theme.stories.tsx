import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { TemplateEditor } from '../react/TemplateEditor';
import { DEMO_SEALS, leaseTemplate } from './fixtures';

/**
 * The editor is styled with CSS custom properties on its root (`.esign-te`); a host sets them
 * through `style` or `className` to match its own design. Nothing else of the host page is
 * touched, and nothing of it leaks in.
 */
const PROPERTIES: { name: string; value: string; use: string }[] = [
  { name: '--esign-te-accent', value: '#0958d9', use: 'selection, focus, primary buttons' },
  { name: '--esign-te-danger', value: '#cf1322', use: 'errors, delete' },
  { name: '--esign-te-border', value: '#d9d9d9', use: 'borders of panels and controls' },
  { name: '--esign-te-surface', value: '#ffffff', use: 'panels and toolbar' },
  { name: '--esign-te-canvas', value: '#f0f2f5', use: 'behind the pages' },
  { name: '--esign-te-text', value: '#1f1f1f', use: 'text' },
  { name: '--esign-te-muted', value: '#595959', use: 'hints and secondary text' },
  { name: '--esign-te-radius', value: '6px', use: 'corners' },
  { name: '--esign-te-font', value: 'system UI, PingFang SC, Microsoft YaHei, …', use: 'UI font' },
];

/** A host's own colours: a warm accent, a darker canvas, rounder corners. */
const BRAND: CSSProperties = {
  '--esign-te-accent': '#c41d7f',
  '--esign-te-canvas': '#e8e4dc',
  '--esign-te-surface': '#fffdf8',
  '--esign-te-border': '#d6cbb8',
  '--esign-te-radius': '12px',
} as CSSProperties;

function ThemeTable() {
  return (
    <table style={{ borderCollapse: 'collapse', font: '13px sans-serif', marginBottom: 16 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, marginBottom: 8 }}>
        Custom properties of the editor&apos;s root, with their defaults
      </caption>
      <thead>
        <tr>
          {['Property', 'Default', 'Used for'].map((heading) => (
            <th
              key={heading}
              style={{ textAlign: 'left', borderBottom: '1px solid #ccc', padding: '4px 12px' }}
            >
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PROPERTIES.map((property) => (
          <tr key={property.name}>
            <td style={{ padding: '4px 12px' }}>
              <code>{property.name}</code>
            </td>
            <td style={{ padding: '4px 12px' }}>
              {property.value.startsWith('#') ? (
                <span
                  aria-hidden="true"
                  style={{
                    display: 'inline-block',
                    width: 12,
                    height: 12,
                    marginRight: 6,
                    verticalAlign: 'middle',
                    border: '1px solid #999',
                    background: property.value,
                  }}
                />
              ) : null}
              <code>{property.value}</code>
            </td>
            <td style={{ padding: '4px 12px' }}>{property.use}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'Editor/Theme',
  component: TemplateEditor,
  parameters: { layout: 'padded' },
  args: { locale: 'en', mode: 'design', seals: DEMO_SEALS, defaultValue: leaseTemplate() },
  render: (args) => (
    <div>
      <ThemeTable />
      <div style={{ height: 640 }}>
        <TemplateEditor {...args} />
      </div>
    </div>
  ),
} satisfies Meta<typeof TemplateEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The defaults. */
export const Defaults: Story = {};

/** A host's brand set through `style`: accent, canvas, surface, border and radius. */
export const HostBrand: Story = { args: { style: BRAND } };
