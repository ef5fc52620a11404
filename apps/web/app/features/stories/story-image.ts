/** The story illustrations, emitted by Vite (small SVGs: no photos of people). */
const urls = import.meta.glob<string>('./images/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

/** The address of one story's illustration. */
export function storyImageUrl(file: string): string | undefined {
  return urls[`./images/${file}`];
}

/** The drawn size of every illustration (640 × 400). */
export const storyImageBox = { width: 640, height: 400 } as const;
