/** The webinar illustrations, emitted by Vite (small SVGs: no photos of people). */
const urls = import.meta.glob<string>('./images/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

/** The address of one webinar's illustration (`Webinar.image` is its file name). */
export function webinarImageUrl(file: string): string | undefined {
  return urls[`./images/${file}`];
}

/** The drawn size of every illustration (640 × 400). */
export const webinarImageBox = { width: 640, height: 400 } as const;
