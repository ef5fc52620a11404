export * from './campaigns.ts';
export * from './content.ts';
export * from './email-outbox.ts';
export * from './meta.ts';
export * from './site-documents.ts';
export * from './users.ts';
