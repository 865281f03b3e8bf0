import type { ComponentType } from 'react';
import type { ElementKind } from '../core';
import { CrossPageView } from './crosspage/view';
import { DateView } from './date/view';
import { ImageView } from './image/view';
import { SealView } from './seal/view';
import { SignatureView } from './signature/view';
import { TextView } from './text/view';
import type { ElementViewProps } from './view-types';

/** Every element kind's Konva view, by `elName`. */
export const ELEMENT_VIEWS: Readonly<Record<ElementKind, ComponentType<ElementViewProps>>> = {
  text: TextView,
  date: DateView,
  image: ImageView,
  seal: SealView,
  signature: SignatureView,
  crosspage: CrossPageView,
};
