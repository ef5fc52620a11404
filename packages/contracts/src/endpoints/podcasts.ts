import { z } from 'zod';
import { blankToUndefined, ZMessageResponse } from '../accounts.ts';
import {
  ZPodcastCategoryListResponse,
  ZPodcastCategoryRequest,
  ZPodcastCategoryResponse,
  ZPodcastEpisodeCreateRequest,
  ZPodcastEpisodeListResponse,
  ZPodcastEpisodeResponse,
  ZPodcastEpisodeUpdateRequest,
  ZPodcastListQuery,
} from '../podcasts.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Podcasts'];
const podcastSearchMax = 100;

/** `?search=` on top of the shared list query: words of the title, or the episode number. */
export const ZEpisodeListQuery = ZPodcastListQuery.extend({
  search: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(podcastSearchMax, { error: `search must be at most ${podcastSearchMax} characters` })
      .optional(),
  ),
});

const episodeId = idParams('Not a podcast episode id');
const categoryId = idParams('Not a podcast category id');

const episodeFormHelp =
  'Multipart fields: title, number (unique, positive), releaseDate (YYYY-MM-DD), duration (minutes: "45" or "45 min"), summary (HTML, sanitized), category (a podcast category id), channels (a JSON array string of {source: youtube|spotify|apple|other, link}), producedBy, and the `image` file (PNG, JPEG or WebP, at most 850 KB). A JSON body with the same fields (channels as an array) is accepted too.';
const episodeImage = { image: 'The cover image: PNG, JPEG or WebP, at most 850 KB' };

export const podcastsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/get-podcasts',
    access: 'public',
    tags,
    summary: 'Podcast episodes, newest release first, optionally of one category',
    description:
      '`search` (optional) keeps the episodes whose title contains it, or whose number it is.',
    query: ZEpisodeListQuery,
    responses: { 200: ZPodcastEpisodeListResponse },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/get-single-podcast/:id',
    access: 'public',
    tags,
    summary: 'One podcast episode',
    params: episodeId,
    responses: { 200: ZPodcastEpisodeResponse },
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/get-podcast-categories/',
    access: 'public',
    tags,
    summary: 'Every podcast category, by name',
    responses: { 200: ZPodcastCategoryListResponse },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/post-podcast',
    access: 'admin',
    tags,
    summary: 'Admins: publish a podcast episode (multipart)',
    description: episodeFormHelp,
    multipart: { fields: ZPodcastEpisodeCreateRequest, files: episodeImage, json: true },
    responses: { 201: ZPodcastEpisodeResponse },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/update-podcast/:id',
    access: 'admin',
    tags,
    summary: 'Admins: change a podcast episode (multipart, every field optional)',
    description: `${episodeFormHelp} Channels sent replace the stored ones.`,
    params: episodeId,
    multipart: { fields: ZPodcastEpisodeUpdateRequest, files: episodeImage, json: true },
    responses: { 200: ZPodcastEpisodeResponse },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/delete-podcast/:id',
    access: 'admin',
    tags,
    summary: 'Admins: delete a podcast episode and its images',
    params: episodeId,
    responses: { 200: ZMessageResponse },
  }),
  createCategory: defineEndpoint({
    method: 'POST',
    path: '/admin/podcast_category',
    access: 'admin',
    tags,
    summary: 'Admins: add a podcast category (names are unique whatever their case)',
    body: ZPodcastCategoryRequest,
    responses: { 201: ZPodcastCategoryResponse },
  }),
  renameCategory: defineEndpoint({
    method: 'PUT',
    path: '/admin/podcast_category/:id',
    access: 'admin',
    tags,
    summary: 'Admins: rename a podcast category',
    params: categoryId,
    body: ZPodcastCategoryRequest,
    responses: { 200: ZPodcastCategoryResponse },
  }),
  removeCategory: defineEndpoint({
    method: 'DELETE',
    path: '/admin/podcast_category/:id',
    access: 'admin',
    tags,
    summary: 'Admins: delete a podcast category that has no episodes',
    params: categoryId,
    responses: { 200: ZMessageResponse },
  }),
};
