const PROVIDERS: [RegExp, string][] = [
  [/^https:\/\/www\.youtube(-nocookie)?\.com\//, 'YouTube'],
  [/^https:\/\/open\.spotify\.com\//, 'Spotify'],
  [/^https:\/\/embed\.podcasts\.apple\.com\//, 'Apple Podcasts'],
];

/** Who provides a player, by its address. */
export function playerProvider(src: string): string {
  return PROVIDERS.find(([pattern]) => pattern.test(src))?.[1] ?? 'another site';
}
