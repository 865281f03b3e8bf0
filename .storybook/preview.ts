import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
  // Each story starts as a fresh tab: what a page keeps for its tab (a code's countdown, say)
  // must not carry over from the story before it.
  beforeEach: () => {
    // Typed by hand: this file is checked without the DOM's types.
    (globalThis as { sessionStorage?: { clear(): void } }).sessionStorage?.clear();
  },
};

export default preview;
