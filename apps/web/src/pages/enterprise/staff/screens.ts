import type { ComponentType } from 'react';

/** The enterprise console's staff screens by full path, each downloaded when first shown. */
export const STAFF_SCREENS: Readonly<Record<string, ComponentType>> = {};
