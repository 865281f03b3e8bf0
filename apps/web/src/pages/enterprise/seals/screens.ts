import type { ComponentType } from 'react';

/** The enterprise console's seal screens by full path, each downloaded when first shown. */
export const COMPANY_SEAL_SCREENS: Readonly<Record<string, ComponentType>> = {};
