/** The paging and id checks of query strings live in @esign/platform, shared with the web app. */
export { pageQuery, positiveInt } from '@esign/platform';
