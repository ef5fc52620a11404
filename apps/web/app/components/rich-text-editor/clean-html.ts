import { escapeHtml } from '@ipatient/contracts/html';

/**
 * The plain structure the blog editor keeps of any HTML (pasted from a web page or a word
 * processor, or produced by the browser's editing commands): paragraphs, h2/h3 headings, quotes,
 * lists, bold, italic, line breaks and http(s)/mailto links. Everything else is unwrapped to its
 * text, or dropped with its content (scripts, styles). Browser only (DOMParser).
 *
 * The server's sanitizer stays the safety net: this only keeps the editor's output tidy.
 */

const BLOCK_TAGS: Record<string, string> = {
  P: 'p',
  H1: 'h2',
  H2: 'h2',
  H3: 'h3',
  H4: 'h3',
  H5: 'h3',
  H6: 'h3',
  BLOCKQUOTE: 'blockquote',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
};
const INLINE_TAGS: Record<string, string> = {
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  A: 'a',
};
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'NOSCRIPT',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'META',
  'LINK',
  'TITLE',
  'HEAD',
  'SVG',
  'MATH',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'INPUT',
]);
const BLOCK_OUTPUT = new Set(['p', 'h2', 'h3', 'blockquote', 'ul', 'ol', 'li']);

/** A link address the blog accepts (http, https or mailto), or undefined. */
export function safeLinkUrl(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function copyChildren(from: Node, to: Element | DocumentFragment, doc: Document, inList: boolean) {
  for (const child of Array.from(from.childNodes)) copyNode(child, to, doc, inList);
}

function copyNode(node: Node, to: Element | DocumentFragment, doc: Document, inList: boolean) {
  if (node.nodeType === Node.TEXT_NODE) {
    to.appendChild(doc.createTextNode(node.textContent ?? ''));
    return;
  }
  if (!(node instanceof Element)) return;
  const tag = node.tagName.toUpperCase();
  if (DROPPED.has(tag)) return;
  if (tag === 'BR') {
    to.appendChild(doc.createElement('br'));
    return;
  }
  const block = BLOCK_TAGS[tag];
  const inline = INLINE_TAGS[tag];
  // A list item outside a list, or a block inside an item, keeps only its content.
  const nestedBlock =
    block && block !== 'li' && block !== 'ul' && block !== 'ol' && inList ? undefined : block;
  const orphanItem = block === 'li' && !(to instanceof Element && /^(UL|OL)$/.test(to.tagName));
  let name = orphanItem ? 'p' : (nestedBlock ?? inline);
  // A div at the top level is a paragraph (what browsers make of Enter); elsewhere it is unwrapped.
  if (!name && tag === 'DIV' && !(to instanceof Element)) name = 'p';
  if (name === 'a') {
    const href = safeLinkUrl(node.getAttribute('href'));
    if (!href) name = undefined;
    else {
      const link = doc.createElement('a');
      link.setAttribute('href', href);
      copyChildren(node, link, doc, inList);
      to.appendChild(link);
      return;
    }
  }
  if (!name) {
    copyChildren(node, to, doc, inList);
    return;
  }
  const element = doc.createElement(name);
  copyChildren(node, element, doc, inList || name === 'ul' || name === 'ol');
  // Lists keep only their items (text between items becomes an item).
  if (name === 'ul' || name === 'ol') {
    for (const child of Array.from(element.childNodes)) {
      if (child instanceof Element && child.tagName === 'LI') continue;
      if ((child.textContent ?? '').trim() === '') child.remove();
      else {
        const item = doc.createElement('li');
        element.replaceChild(item, child);
        item.appendChild(child);
      }
    }
  }
  to.appendChild(element);
}

function isEmptyBlock(element: Element): boolean {
  return (
    (element.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '' &&
    !element.querySelector('li')
  );
}

/** The cleaned HTML of `html`; '' when nothing readable is left. */
export function cleanHtml(html: string): string {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const doc = document.implementation.createHTMLDocument('');
  const out = doc.createDocumentFragment();
  copyChildren(source.body, out, doc, false);
  // Loose text and inline elements at the top level go into paragraphs.
  const root = doc.createElement('div');
  let paragraph: HTMLParagraphElement | undefined;
  for (const child of Array.from(out.childNodes)) {
    const isBlock = child instanceof Element && BLOCK_OUTPUT.has(child.tagName.toLowerCase());
    if (isBlock) {
      paragraph = undefined;
      root.appendChild(child);
    } else {
      if (!paragraph) {
        paragraph = doc.createElement('p');
        root.appendChild(paragraph);
      }
      paragraph.appendChild(child);
    }
  }
  for (const element of Array.from(root.children)) {
    if (element.tagName !== 'UL' && element.tagName !== 'OL' && isEmptyBlock(element)) {
      element.remove();
    } else if ((element.tagName === 'UL' || element.tagName === 'OL') && !element.firstChild) {
      element.remove();
    }
  }
  // A trailing <br> in a block is the browser's placeholder for an empty line.
  for (const br of Array.from(root.querySelectorAll('br'))) {
    if (!br.nextSibling && br.parentElement !== root && br.previousSibling) br.remove();
  }
  return root.innerHTML;
}

/** Pasted plain text as paragraphs (blank lines) and line breaks (single newlines). */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replaceAll('\n', '<br>')}</p>`)
    .join('');
}
