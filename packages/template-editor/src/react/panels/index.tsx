import { ChecksPanel } from './ChecksPanel';
import { PagesPanel } from './PagesPanel';
import { ParticipantsPanel } from './ParticipantsPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { Toolbox } from './Toolbox';

/** The panels left of the canvas in design mode. */
export function LeftPanels() {
  return (
    <>
      <Toolbox />
      <PagesPanel />
    </>
  );
}

/** The panels right of the canvas in design mode. */
export function RightPanels() {
  return (
    <>
      <PropertiesPanel />
      <ParticipantsPanel />
      <ChecksPanel />
    </>
  );
}
