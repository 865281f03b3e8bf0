/** `@esign/platform`: what the server and the web app share. */
export * from './api';
export * from './constants';
export * from './contract-actions';
export * from './contract-create';
export * from './contract-lists';
export * from './contract-rescission';
export * from './contracts';
export * from './documents';
export * from './envelope';
export * from './messages';
export * from './paging';
export * from './paths';
export * from './templates';
export * from './uploads';
export * from './validation';
