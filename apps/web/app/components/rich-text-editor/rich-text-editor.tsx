import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  RemoveFormatting,
} from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { inputClass } from '../ui/form-field.tsx';
// Types only: the editing engine itself is loaded with import() below.
import type { FormatTool, RichTextSession, ToolState } from './tiptap-editor.ts';

interface RichTextEditorProps {
  /** The id of the field (the textarea before the editor runs, the editable area after). */
  id: string;
  /** The form field that carries the HTML. */
  name: string;
  label: string;
  /** The HTML to start with. */
  defaultValue: string;
  error?: string | undefined;
}

const noTools: ToolState = {
  bold: false,
  italic: false,
  h2: false,
  h3: false,
  quote: false,
  ul: false,
  ol: false,
};

type ToolId = FormatTool | 'link';

/** The toolbar, in order; `keys` are the editor's own shortcuts (Ctrl is Cmd on a Mac). */
const tools: readonly { id: ToolId; label: string; icon: LucideIcon; keys?: string }[] = [
  { id: 'bold', label: 'Bold', icon: Bold, keys: 'Control+B' },
  { id: 'italic', label: 'Italic', icon: Italic, keys: 'Control+I' },
  { id: 'h2', label: 'Heading 2', icon: Heading2, keys: 'Control+Alt+2' },
  { id: 'h3', label: 'Heading 3', icon: Heading3, keys: 'Control+Alt+3' },
  { id: 'ul', label: 'Bulleted list', icon: List, keys: 'Control+Shift+8' },
  { id: 'ol', label: 'Numbered list', icon: ListOrdered, keys: 'Control+Shift+7' },
  { id: 'quote', label: 'Quote', icon: Quote, keys: 'Control+Shift+B' },
  { id: 'link', label: 'Link', icon: Link2 },
  { id: 'clear', label: 'Remove formatting', icon: RemoveFormatting },
];

/** "Control+Shift+8" as a tooltip shows it: "Ctrl+Shift+8". */
const shortcutText = (keys: string) => keys.replace('Control', 'Ctrl');

const noScriptHint =
  'Write HTML: <p>, <h2>, <h3>, <strong>, <em>, <ul> or <ol> with <li>, <blockquote> and <a href="https://…">. Scripts, styles and other markup are removed when the post is saved.';
const editorHint =
  'Use the toolbar, or Ctrl+B and Ctrl+I. Pasted text keeps only paragraphs, headings, lists, quotes, bold, italic and links.';

const editableClass =
  'min-h-72 max-w-none space-y-3 px-4 py-3 text-base leading-relaxed text-slate-900 outline-none [&_a]:text-brand-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:pl-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6';

/**
 * A rich-text field (post content, podcast summaries, the site's documents). Before JavaScript
 * (or without it) a plain textarea of HTML. In the browser it loads the editor (TipTap, only on
 * the pages that have such a field) and becomes an editable area with a formatting toolbar that
 * writes its HTML into the same textarea, which is what the form posts; if the editor cannot be
 * loaded, the textarea stays. The server sanitizes whatever arrives.
 */
export function RichTextEditor({ id, name, label, defaultValue, error }: RichTextEditorProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const session = useRef<RichTextSession | null>(null);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<ToolState>(noTools);
  const [notice, setNotice] = useState('');
  const [focusIndex, setFocusIndex] = useState(0);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const noticeId = `${id}-notice`;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ');

  const attributes: Record<string, string> = {
    id,
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    'aria-describedby': describedBy,
    ...(error ? { 'aria-invalid': 'true' } : {}),
    class: editableClass,
  };
  const attributesKey = JSON.stringify(attributes);
  const attributesRef = useRef(attributesKey);
  attributesRef.current = attributesKey;
  /** Whether the textarea had the focus when the editor took its place. */
  const focusEditor = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let mounted: RichTextSession | undefined;
    import('./tiptap-editor.ts').then(
      ({ mountEditor }) => {
        const host = hostRef.current;
        const textarea = textareaRef.current;
        if (cancelled || !host || !textarea) return;
        focusEditor.current = document.activeElement === textarea;
        // What was typed in the textarea before the editor arrived is kept.
        mounted = mountEditor({
          host,
          html: textarea.value,
          attributes: JSON.parse(attributesRef.current),
          onChange: (html) => {
            textarea.value = html;
          },
          onState: setState,
        });
        session.current = mounted;
        setReady(true);
      },
      () => {
        // Not loaded (the connection dropped): the textarea of HTML stays the field.
      },
    );
    return () => {
      cancelled = true;
      mounted?.destroy();
      session.current = null;
    };
  }, []);

  // Someone typing in the textarea when the editor arrived goes on typing in the editor.
  useEffect(() => {
    if (ready && focusEditor.current) session.current?.focus('end');
  }, [ready]);

  // A failed save adds or removes the error the editable area is described by.
  useEffect(() => {
    session.current?.setAttributes(JSON.parse(attributesKey));
  }, [attributesKey]);

  function addLink(editor: RichTextSession) {
    const answer = window.prompt(
      'Link address (https://…, http://… or mailto:…)',
      editor.currentLink() ?? 'https://',
    );
    if (answer === null) {
      editor.focus();
      return;
    }
    if (editor.addLink(answer)) setNotice('');
    else {
      setNotice(
        'The link was not added: its address must start with https://, http:// or mailto:.',
      );
    }
  }

  function run(tool: ToolId) {
    const editor = session.current;
    if (!editor) return;
    if (tool === 'link') addLink(editor);
    else editor.run(tool);
  }

  /** Arrow keys, Home and End move between the toolbar's buttons (one Tab stop). */
  function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tools.length - 1;
    const next: Record<string, number> = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const index = next[event.key];
    if (index === undefined) return;
    event.preventDefault();
    setFocusIndex(index);
    toolRefs.current[index]?.focus();
  }

  return (
    <div>
      {/* Before the editor runs the label names the textarea; after, it names the editor. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a label takes no focus; the editor is a Tab stop */}
      <label
        id={labelId}
        htmlFor={ready ? undefined : id}
        onClick={() => session.current?.focus()}
        className="block text-sm font-semibold text-slate-900"
      >
        {label}
      </label>
      <div
        hidden={!ready}
        className={
          ready
            ? 'mt-1.5 overflow-hidden rounded-xl border border-slate-500 bg-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700'
            : undefined
        }
      >
        {ready ? (
          <div
            role="toolbar"
            aria-label="Formatting"
            aria-controls={id}
            onKeyDown={onToolbarKeyDown}
            className="flex flex-wrap gap-1 border-b border-slate-300 bg-slate-50 p-1.5"
          >
            {tools.map((tool, index) => {
              const pressed =
                tool.id === 'link' || tool.id === 'clear' ? undefined : state[tool.id];
              return (
                <button
                  key={tool.id}
                  ref={(element) => {
                    toolRefs.current[index] = element;
                  }}
                  type="button"
                  tabIndex={index === focusIndex ? 0 : -1}
                  aria-pressed={pressed}
                  aria-keyshortcuts={tool.keys}
                  title={tool.keys ? `${tool.label} (${shortcutText(tool.keys)})` : tool.label}
                  // Keep the editor's selection when a button is clicked with the mouse.
                  onMouseDown={(event) => event.preventDefault()}
                  onFocus={() => setFocusIndex(index)}
                  onClick={() => run(tool.id)}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700 aria-pressed:bg-brand-100 aria-pressed:text-brand-900 aria-pressed:ring-1 aria-pressed:ring-brand-700"
                >
                  <tool.icon aria-hidden="true" className="h-5 w-5" />
                  <span className="sr-only">{tool.label}</span>
                </button>
              );
            })}
          </div>
        ) : null}
        {/* The editor places its editable area (role textbox, labelled by the label) here. */}
        <div ref={hostRef} />
      </div>
      <textarea
        ref={textareaRef}
        id={ready ? `${id}-html` : id}
        name={name}
        defaultValue={defaultValue}
        hidden={ready}
        rows={16}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} font-mono text-sm leading-relaxed`}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1.5 text-sm text-slate-600">
        {ready ? editorHint : noScriptHint}
      </p>
      <p id={noticeId} role="status" className="mt-1.5 text-sm font-medium text-red-700">
        {notice}
      </p>
    </div>
  );
}
