import type { ComponentType } from 'react';

/** The user center screens by full path, each downloaded when first shown. */
export const USER_CENTER_SCREENS: Readonly<Record<string, ComponentType>> = {};
