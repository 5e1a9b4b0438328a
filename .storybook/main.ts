import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // TypeScript 7 has no JavaScript API, so react-docgen-typescript cannot run (STACK.md).
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
