import { IMAGE_TYPES } from '../../core/constants';
import type { ElementKindModel } from '../types';

export const imageModel: ElementKindModel = {
  kind: 'image',
  label: { en: 'Image', zh: '图片' },
  role: 'fill',
  defaults: (page) => ({
    valueType: 'image',
    config: { required: true, imageType: 'other' },
    commonStyle: { height: Math.round((page.width / 3) * 0.75) },
  }),
  normalise(element, patch) {
    const type = IMAGE_TYPES.find((candidate) => candidate.key === element.config.imageType);
    if (!type?.lockRatio || type.width === null || type.height === null) return;
    const style = element.commonStyle;
    const ratio = type.width / type.height;
    if (patch.config?.imageType !== undefined) {
      // Choosing an identity-card type gives the card's real size.
      style.width = type.width;
      style.height = type.height;
    } else if (patch.commonStyle?.height !== undefined && patch.commonStyle.width === undefined) {
      style.width = round2(style.height * ratio);
    } else {
      style.height = round2(style.width / ratio);
    }
  },
};

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
