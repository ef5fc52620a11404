/**
 * The route of the web app's pages (plugins/web.ts): the catch-all that server-renders every path
 * the API, assets and health checks do not claim. Limits and checks that treat pages apart from
 * API calls compare the matched route with it, never the raw URL.
 */
export const WEB_PAGES_ROUTE = '/*';
