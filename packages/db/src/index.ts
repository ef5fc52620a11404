export {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
export * from './client.ts';
export * from './embedded.ts';
export * from './migrate.ts';
export * from './schema/index.ts';
export * from './search.ts';
export * from './seed-data/demo-blog.ts';
export * from './seed-data/demo-campaigns.ts';
export * from './seed-data/demo-facilities.ts';
export * from './seed-data/demo-podcasts.ts';
export * from './seed-data/site-documents.ts';
