/**
 * The initiating screens, each downloaded when first shown (the editor's step brings Konva and
 * pdf.js on its own, later still).
 */
import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';

/** By full path, for routes/screens.tsx. */
export const CONTRACT_LAUNCH_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/agency-contract/directly-launch': lazyScreen(() => import('./DirectlyLaunchPage')),
  '/agency-contract/directly-template': lazyScreen(() => import('./DirectlyTemplatePage')),
  '/agency-contract/directly-success': lazyScreen(() => import('./DirectlySuccessPage')),
};
