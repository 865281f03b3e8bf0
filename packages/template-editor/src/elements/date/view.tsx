import { TextValueView } from '../text/view';
import type { ElementViewProps } from '../view-types';

/** A date field: shows the chosen format (yyyy-MM-dd, …) until a date is filled in. */
export function DateView(props: ElementViewProps) {
  return <TextValueView {...props} placeholder={props.element.config.dateFormat} />;
}
