import { Toolbox } from './Toolbox';

/** The panels left of the canvas in design mode. */
export function LeftPanels() {
  return <Toolbox />;
}

/** The panels right of the canvas in design mode. */
export function RightPanels() {
  return null;
}
