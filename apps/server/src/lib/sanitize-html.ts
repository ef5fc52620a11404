import sanitizeHtml from 'sanitize-html';

/**
 * Embeds accepted in rich text: host and the path the player lives under. Anything else in an
 * iframe is removed with the iframe.
 */
const EMBEDS: readonly { hosts: readonly string[]; path: string }[] = [
  { hosts: ['www.youtube.com', 'youtube.com'], path: '/embed/' },
  { hosts: ['www.youtube-nocookie.com', 'youtube-nocookie.com'], path: '/embed/' },
  { hosts: ['open.spotify.com'], path: '/embed/' },
  { hosts: ['embed.podcasts.apple.com'], path: '/' },
];

/** Whether an iframe address is a player of YouTube, Spotify or Apple Podcasts (https only). */
export function isAllowedEmbed(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return EMBEDS.some(
    (embed) => embed.hosts.includes(url.hostname) && url.pathname.startsWith(embed.path),
  );
}

const LINK_REL = 'noopener noreferrer nofollow';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
    'img',
    'figure',
    'figcaption',
    'hr',
    'code',
    'pre',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBEDS.flatMap((embed) => embed.hosts),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel, ...rest } = attribs;
      if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: LINK_REL } };
      return { tagName, attribs: rel ? { ...rest, rel } : rest };
    },
    img: (tagName, attribs) => {
      const { loading, ...rest } = attribs;
      return {
        tagName,
        attribs: loading === 'lazy' || loading === 'eager' ? { ...rest, loading } : rest,
      };
    },
    iframe: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && isAllowedEmbed(src) ? { ...rest, src } : rest };
    },
  },
  // An iframe left without an accepted address, or an image without a source, shows nothing.
  exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src,
};

/**
 * Rich text (blog posts, podcast summaries, site documents) reduced to an allow-list: simple
 * formatting, links and images over http(s) (mailto and tel for links), and players of YouTube,
 * Spotify and Apple Podcasts. Scripts, event handlers, styles and other URL schemes are removed;
 * a link opening a new tab gets rel="noopener noreferrer nofollow".
 */
export function sanitizeRichText(html: string): string {
  // PostgreSQL cannot store NUL; nobody types it on purpose.
  return sanitizeHtml(html.replaceAll('\0', ''), RICH_TEXT).trim();
}

const TEXT_ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
  '&amp;': '&',
};

/**
 * The plain text of HTML, for search, excerpts and reading time: tags removed (script and
 * style contents too), blocks and line breaks become spaces, entities decoded, whitespace
 * collapsed.
 */
export function htmlToText(html: string): string {
  const spaced = html
    .replaceAll('\0', '')
    .replace(
      /<\/?(p|br|div|li|ul|ol|h[1-6]|blockquote|tr|td|th|table|figure|figcaption|pre|hr)\b[^>]*>/gi,
      ' $&',
    );
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(lt|gt|quot|#39|nbsp|amp);/g, (entity) => TEXT_ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a text, for reading time. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** The beginning of a text, cut at a word and ended with "…" when shortened. */
export function excerptOf(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.!?-]+$/, '')}…`;
}
