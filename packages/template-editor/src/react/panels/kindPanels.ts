import type { ComponentType } from 'react';
import type { ElementKind } from '../../core';
import { CrossPagePanel } from '../../elements/crosspage/panel';
import { DatePanel } from '../../elements/date/panel';
import { ImagePanel } from '../../elements/image/panel';
import type { ElementPanelProps } from '../../elements/panel-types';
import { SealPanel } from '../../elements/seal/panel';
import { SignaturePanel } from '../../elements/signature/panel';
import { TextPanel } from '../../elements/text/panel';

/**
 * Every element kind's own property panel, by `elName`. The properties panel shows it between the
 * shared head (name, tip, party, required) and the shared geometry (position, size, layer).
 */
export const ELEMENT_PANELS: Readonly<Record<ElementKind, ComponentType<ElementPanelProps>>> = {
  text: TextPanel,
  date: DatePanel,
  image: ImagePanel,
  seal: SealPanel,
  signature: SignaturePanel,
  crosspage: CrossPagePanel,
};
