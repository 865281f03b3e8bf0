import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';
import { StandalonePage } from '../../routes/Root';
import ComingLaterPage from '../system/ComingLaterPage';

/** The personal seal screens (/user-center/seal, /user-center/create) by full path, each downloaded when first shown. */
export const SEAL_SCREENS: Readonly<Record<string, ComponentType>> = {};

/** The phone's handwriting page (/seal-handwrite?ticket=…), without a session. */
export const SealHandwriteScreen: ComponentType = lazyScreen(async () => ({
  default: function SealHandwritePlaceholder() {
    return (
      <StandalonePage>
        <ComingLaterPage />
      </StandalonePage>
    );
  },
}));
