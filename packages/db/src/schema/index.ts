export * from './meta.ts';
export * from './site-documents.ts';
