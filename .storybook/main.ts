import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';

/** One Storybook for the editor library (Editor/…) and the web app's components (Web/…). */
const config: StorybookConfig = {
  stories: [
    '../packages/*/src/**/*.mdx',
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    '../apps/*/src/**/*.stories.@(ts|tsx)',
  ],
  // Docs: the introduction page (MDX) and a props page for every component tagged 'autodocs'.
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The repository has no root Vite config to take React's plugin from: Fast Refresh while
  // editing, and no warnings about antd's "use client" directives in the build.
  viteFinal: (vite) => mergeConfig(vite, { plugins: [react()] }),
};

export default config;
