import type { ComponentType } from 'react';

/** The personal real-name verification screens by full path, each downloaded when first shown. */
export const REAL_NAME_SCREENS: Readonly<Record<string, ComponentType>> = {};
