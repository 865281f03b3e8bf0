import type { ElementKindModel } from '../types';

export const textModel: ElementKindModel = {
  kind: 'text',
  label: { en: 'Text', zh: '文本' },
  role: 'fill',
  defaults: () => ({ valueType: 'text', config: { required: true } }),
};
