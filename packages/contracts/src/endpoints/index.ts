import { podcastsEndpoints } from './podcasts.ts';

/**
 * Every endpoint of the API by area. The server registers each route from its definition; the
 * web's `getApi(context)` is typed from this tree (docs/decisions/011-one-typed-seam.md).
 */
export const endpoints = {
  podcasts: podcastsEndpoints,
};

export type Endpoints = typeof endpoints;
