import type { ElementKindModel } from '../types';

/** A personal handwritten signature, drawn where the party signs. */
export const signatureModel: ElementKindModel = {
  kind: 'signature',
  label: { en: 'Signature', zh: '签名' },
  role: 'sign',
  defaults: () => ({
    valueType: 'signature',
    config: { required: true },
    commonStyle: { width: 120, height: 50 },
  }),
};
