export * from './api-client.ts';
export * from './brand.ts';
export * from './constants.ts';
export * from './envelopes.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './reference.ts';
export * from './site-docs.ts';
