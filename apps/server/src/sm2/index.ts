/** SM2 and SM3 for the server: keys, signatures and certificates (see CONTEXT.md). */
export * from './keys';
export * from './certificate';
