/** Where the initiating screens lead. */
export const LAUNCH_PATH = '/agency-contract/directly-launch';
export const LAUNCH_FROM_TEMPLATE_PATH = '/agency-contract/directly-template';

/** The confirmation of a contract just sent. */
export const launchedPath = (id: string) =>
  `/agency-contract/directly-success?${new URLSearchParams({ id }).toString()}`;

/** Initiating from a chosen template (the template list's "use"). */
export const launchFromTemplatePath = (templateId: string) =>
  `${LAUNCH_FROM_TEMPLATE_PATH}?${new URLSearchParams({ templateId }).toString()}`;
