/**
 * The editing engine of the rich-text field: TipTap (ProseMirror) with the few blocks and marks
 * the site's rich text uses. Loaded with `import()` by `RichTextEditor` once it runs in the
 * browser, so TipTap is downloaded only by the admin pages that show such a field.
 */
import { Editor } from '@tiptap/core';
import { DOMParser as ProseMirrorParser, Slice } from '@tiptap/pm/model';
import { StarterKit } from '@tiptap/starter-kit';
import { cleanHtml, plainTextToHtml, safeLinkUrl } from './clean-html.ts';

/** Which toolbar buttons are pressed where the caret is. */
export interface ToolState {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  quote: boolean;
  ul: boolean;
  ol: boolean;
}

/** A toolbar command other than the link (which needs an address). */
export type FormatTool = keyof ToolState | 'clear';

export interface MountOptions {
  /** The element the editable area is placed in. */
  host: HTMLElement;
  /** The HTML to start with (what the textarea holds). */
  html: string;
  /** The editable area's attributes: id, role details, ARIA, classes. */
  attributes: Record<string, string>;
  /** Called with the field's HTML after every change of the content. */
  onChange: (html: string) => void;
  /** Called with the toolbar's state after every change of content or selection. */
  onState: (state: ToolState) => void;
}

export interface RichTextSession {
  run(tool: FormatTool): void;
  /** Links the selection (or inserts the address as a link); false when the address is refused. */
  addLink(answer: string): boolean;
  /** The address of the link at the caret, if it is in one. */
  currentLink(): string | undefined;
  setAttributes(attributes: Record<string, string>): void;
  /** Focus in the editable area: where its selection was, or at the end of the text. */
  focus(where?: 'end'): void;
  destroy(): void;
}

function toolState(editor: Editor): ToolState {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    quote: editor.isActive('blockquote'),
    ul: editor.isActive('bulletList'),
    ol: editor.isActive('orderedList'),
  };
}

function sameState(a: ToolState, b: ToolState): boolean {
  return (Object.keys(a) as (keyof ToolState)[]).every((key) => a[key] === b[key]);
}

/**
 * The editor's HTML as the field keeps it: the same plain structure as pasted content. TipTap
 * puts a list item's text in paragraphs; the field keeps `<li>text</li>`, with a line break
 * where an item had two paragraphs.
 */
export function storedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const paragraph of Array.from(doc.querySelectorAll('li > p + p'))) {
    paragraph.before(doc.createElement('br'));
  }
  return cleanHtml(doc.body.innerHTML);
}

/** Tab without Ctrl, Alt or Meta: it moves to the next field, as in any other form field. */
function isFocusTab(event: KeyboardEvent): boolean {
  return event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey;
}

export function mountEditor(options: MountOptions): RichTextSession {
  let attributes = options.attributes;
  let state: ToolState | undefined;
  const editor = new Editor({
    element: options.host,
    content: cleanHtml(options.html),
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: false,
          defaultProtocol: 'https',
          // The field keeps a link's address only; the site decides how links open.
          HTMLAttributes: { target: null, rel: null },
          isAllowedUri: (url) => safeLinkUrl(url) !== undefined,
        },
      }),
    ],
    editorProps: {
      attributes: () => attributes,
      // Pasted HTML keeps only paragraphs, headings, lists, quotes, bold, italic and links.
      transformPastedHTML: (html) => cleanHtml(html),
      // Pasted plain text: blank lines make paragraphs, single newlines line breaks.
      clipboardTextParser: (text, $context, _plain, view) => {
        const body = new DOMParser().parseFromString(plainTextToHtml(text), 'text/html').body;
        const parser = ProseMirrorParser.fromSchema(view.state.schema);
        const slice = parser.parseSlice(body, { preserveWhitespace: true, context: $context });
        return Slice.maxOpen(slice.content);
      },
      handleDOMEvents: {
        // Left to the browser (ProseMirror would indent list items): the editor is one field
        // of a form, and the keyboard leaves it with Tab and Shift+Tab like any other.
        keydown: (_view, event) => isFocusTab(event),
      },
    },
    onUpdate: ({ editor: current }) => options.onChange(storedHtml(current.getHTML())),
    onTransaction: ({ editor: current }) => {
      const next = toolState(current);
      if (state && sameState(state, next)) return;
      state = next;
      options.onState(next);
    },
  });

  /** Focus back in the editable area, with the selection it had before a button took focus. */
  function focus() {
    if (!editor.isDestroyed) editor.view.focus();
  }

  return {
    run(tool) {
      focus();
      const chain = editor.chain();
      const commands: Record<FormatTool, () => boolean> = {
        bold: () => chain.toggleBold().run(),
        italic: () => chain.toggleItalic().run(),
        h2: () => chain.toggleHeading({ level: 2 }).run(),
        h3: () => chain.toggleHeading({ level: 3 }).run(),
        quote: () => chain.toggleBlockquote().run(),
        ul: () => chain.toggleBulletList().run(),
        ol: () => chain.toggleOrderedList().run(),
        clear: () => chain.unsetAllMarks().clearNodes().run(),
      };
      commands[tool]();
    },
    addLink(answer) {
      focus();
      const href = safeLinkUrl(answer);
      if (!href) return false;
      if (editor.state.selection.empty && !editor.isActive('link')) {
        editor
          .chain()
          .insertContent({
            type: 'text',
            text: href.replace(/^mailto:/, ''),
            marks: [{ type: 'link', attrs: { href } }],
          })
          .run();
      } else {
        editor.chain().extendMarkRange('link').setLink({ href }).run();
      }
      return true;
    },
    currentLink() {
      const href: unknown = editor.getAttributes('link').href;
      return typeof href === 'string' && href ? href : undefined;
    },
    setAttributes(next) {
      attributes = next;
      // The view reads its attributes again on any update.
      if (!editor.isDestroyed) editor.view.setProps({});
    },
    focus(where) {
      if (where === 'end') editor.commands.focus('end');
      else focus();
    },
    destroy() {
      editor.destroy();
    },
  };
}
