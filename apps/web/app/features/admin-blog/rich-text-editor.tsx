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
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { inputClass } from '../../components/ui/form-field.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { cleanHtml, plainTextToHtml, safeLinkUrl } from './clean-html.ts';

interface RichTextEditorProps {
  /** The id of the field (the textarea before JavaScript, the editor after). */
  id: string;
  /** The form field that carries the HTML. */
  name: string;
  label: string;
  /** The HTML to start with. */
  defaultValue: string;
  error?: string | undefined;
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  quote: boolean;
  ul: boolean;
  ol: boolean;
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

type ToolId = keyof ToolState | 'link' | 'clear';

const tools: readonly { id: ToolId; label: string; icon: LucideIcon; keys?: string }[] = [
  { id: 'bold', label: 'Bold', icon: Bold, keys: 'Control+B' },
  { id: 'italic', label: 'Italic', icon: Italic, keys: 'Control+I' },
  { id: 'h2', label: 'Heading 2', icon: Heading2 },
  { id: 'h3', label: 'Heading 3', icon: Heading3 },
  { id: 'ul', label: 'Bulleted list', icon: List },
  { id: 'ol', label: 'Numbered list', icon: ListOrdered },
  { id: 'quote', label: 'Quote', icon: Quote },
  { id: 'link', label: 'Link', icon: Link2 },
  { id: 'clear', label: 'Remove formatting', icon: RemoveFormatting },
];

/** The block the caret is in, as the browser's editing commands name it ("h2", "p", ...). */
function currentBlock(): string {
  return String(document.queryCommandValue('formatBlock') || '').toLowerCase();
}

function readTools(): ToolState {
  const block = currentBlock();
  return {
    bold: document.queryCommandState('bold'),
    italic: document.queryCommandState('italic'),
    h2: block === 'h2',
    h3: block === 'h3',
    quote: block === 'blockquote',
    ul: document.queryCommandState('insertUnorderedList'),
    ol: document.queryCommandState('insertOrderedList'),
  };
}

const noScriptHint =
  'Write HTML: <p>, <h2>, <h3>, <strong>, <em>, <ul> or <ol> with <li>, <blockquote> and <a href="https://…">. Scripts, styles and other markup are removed when the post is saved.';
const editorHint =
  'Use the toolbar, or Ctrl+B and Ctrl+I. Pasted text keeps only paragraphs, headings, lists, quotes, bold, italic and links.';

/**
 * The post's content. Before JavaScript (or without it) a plain textarea of HTML; once React
 * runs, an editable area with a formatting toolbar that writes its HTML into the same textarea,
 * which is what the form posts. The server sanitizes whatever arrives.
 */
export function RichTextEditor({ id, name, label, defaultValue, error }: RichTextEditorProps) {
  const hydrated = useHydrated();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [state, setState] = useState<ToolState>(noTools);
  const [notice, setNotice] = useState('');
  const [focusIndex, setFocusIndex] = useState(0);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const noticeId = `${id}-notice`;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ');

  /** Writes the editor's cleaned HTML into the textarea the form posts. */
  const sync = useCallback(() => {
    const editor = editorRef.current;
    const textarea = textareaRef.current;
    if (editor && textarea) textarea.value = cleanHtml(editor.innerHTML);
  }, []);

  const refresh = useCallback(() => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (!editor.contains(range.commonAncestorContainer)) return;
    savedRange.current = range.cloneRange();
    setState(readTools());
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    const editor = editorRef.current;
    const textarea = textareaRef.current;
    if (!editor || !textarea) return;
    // What was typed in the textarea before the script ran is kept.
    editor.innerHTML = cleanHtml(textarea.value) || '<p><br></p>';
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand('styleWithCSS', false, 'false');
    document.addEventListener('selectionchange', refresh);
    return () => document.removeEventListener('selectionchange', refresh);
  }, [hydrated, refresh]);

  /** Focus back in the editor, with the selection it had before a toolbar button took focus. */
  function restoreSelection() {
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const range = savedRange.current;
    const selection = document.getSelection();
    if (range && selection && editor.contains(range.commonAncestorContainer)) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }

  function toggleBlock(tag: 'h2' | 'h3' | 'blockquote') {
    document.execCommand('formatBlock', false, currentBlock() === tag ? '<p>' : `<${tag}>`);
  }

  function addLink() {
    const answer = window.prompt('Link address (https://…, http://… or mailto:…)', 'https://');
    restoreSelection();
    if (answer === null) return;
    const href = safeLinkUrl(answer);
    if (!href) {
      setNotice(
        'The link was not added: its address must start with https://, http:// or mailto:.',
      );
      return;
    }
    setNotice('');
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed) {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = href.replace(/^mailto:/, '');
      document.execCommand('insertHTML', false, link.outerHTML);
    } else {
      document.execCommand('createLink', false, href);
    }
  }

  function clearFormatting() {
    document.execCommand('removeFormat');
    document.execCommand('unlink');
    if (document.queryCommandState('insertUnorderedList')) {
      document.execCommand('insertUnorderedList');
    }
    if (document.queryCommandState('insertOrderedList')) document.execCommand('insertOrderedList');
    if (currentBlock() !== 'p') document.execCommand('formatBlock', false, '<p>');
  }

  function run(tool: ToolId) {
    if (tool === 'link') addLink();
    else {
      restoreSelection();
      if (tool === 'bold' || tool === 'italic') document.execCommand(tool);
      else if (tool === 'h2' || tool === 'h3') toggleBlock(tool);
      else if (tool === 'quote') toggleBlock('blockquote');
      else if (tool === 'ul') document.execCommand('insertUnorderedList');
      else if (tool === 'ol') document.execCommand('insertOrderedList');
      else clearFormatting();
    }
    sync();
    setState(readTools());
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

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const cleaned = html
      ? cleanHtml(html)
      : plainTextToHtml(event.clipboardData.getData('text/plain'));
    if (cleaned) document.execCommand('insertHTML', false, cleaned);
    sync();
  }

  return (
    <div>
      {/* Before the script runs the label names the textarea; after, it names the editor. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a label takes no focus; the editor is a Tab stop */}
      <label
        id={labelId}
        htmlFor={hydrated ? undefined : id}
        onClick={() => editorRef.current?.focus()}
        className="block text-sm font-semibold text-slate-900"
      >
        {label}
      </label>
      {hydrated ? (
        <div className="mt-1.5 overflow-hidden rounded-xl border border-slate-500 bg-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700">
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
                  title={tool.label}
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
          {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element */}
          <div
            ref={editorRef}
            id={id}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            contentEditable
            suppressContentEditableWarning
            tabIndex={0}
            onInput={sync}
            onBlur={sync}
            onKeyUp={refresh}
            onMouseUp={refresh}
            onPaste={onPaste}
            className="prose-editor min-h-72 max-w-none space-y-3 px-4 py-3 text-base leading-relaxed text-slate-900 outline-none [&_a]:text-brand-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:pl-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          />
        </div>
      ) : null}
      <textarea
        ref={textareaRef}
        id={hydrated ? `${id}-html` : id}
        name={name}
        defaultValue={defaultValue}
        hidden={hydrated}
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
        {hydrated ? editorHint : noScriptHint}
      </p>
      <p id={noticeId} role="status" className="mt-1.5 text-sm font-medium text-red-700">
        {notice}
      </p>
    </div>
  );
}
