export * from './brand.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './reference.ts';
