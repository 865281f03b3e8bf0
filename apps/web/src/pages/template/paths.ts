/** Where the template screens send the user. */
export const TEMPLATE_LIST_PATH = '/template/index';
export const NEW_TEMPLATE_PATH = '/template/view';

const withId = (path: string) => (id: string) =>
  `${path}?${new URLSearchParams({ id }).toString()}`;

/** The editor of a template. */
export const editorPath = withId('/template/Editor');
/** The in-app preview of a template. */
export const previewPath = withId('/template/Preview');
