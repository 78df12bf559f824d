import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Italic, Link2, List, ListOrdered } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { FIELD_RELOADED_EVENT } from "~/components/admin/edit-conflict";
import { Button } from "~/components/ui/button";

import { LinkDialog } from "./link-dialog";

/** What the footer allowlist keeps (paragraphs, bold, italic, lists, links); nothing else is offered. */
const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // No empty paragraph added after a list: the stored HTML is what the admin typed.
    trailingNode: false,
    link: { openOnClick: false, autolink: false, protocols: ["mailto"] },
  }),
];

const TOOLBAR = [
  {
    mark: "bold",
    label: "Bold",
    icon: Bold,
    toggle: (e: Editor) => e.chain().focus().toggleBold(),
  },
  {
    mark: "italic",
    label: "Italic",
    icon: Italic,
    toggle: (e: Editor) => e.chain().focus().toggleItalic(),
  },
  {
    mark: "bulletList",
    label: "Bulleted list",
    icon: List,
    toggle: (e: Editor) => e.chain().focus().toggleBulletList(),
  },
  {
    mark: "orderedList",
    label: "Numbered list",
    icon: ListOrdered,
    toggle: (e: Editor) => e.chain().focus().toggleOrderedList(),
  },
] as const;

/** The field's value: an empty document posts nothing, as an empty textarea would. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

/**
 * The footer's rich-text editor on Tiptap (ProseMirror): bold, italic, lists and links. Its
 * schema already drops anything else, and the server still keeps only the footer allowlist.
 */
export function RichTextEditor({
  id,
  name,
  labelId,
  describedBy,
  initialHtml,
}: {
  id: string;
  name: string;
  labelId: string;
  /** The id of the messages under the editor, read out with it. */
  describedBy?: string;
  initialHtml: string;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [html, setHtml] = useState(initialHtml);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    // The page is rendered on the server: the editor starts in the browser, after hydration.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class:
          "min-h-40 space-y-2 px-3 py-2 text-sm outline-none [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5",
      },
    },
    onUpdate: ({ editor: changed }) => setHtml(htmlOf(changed)),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(TOOLBAR.map(({ mark }) => [mark, current?.isActive(mark) ?? false])),
  });

  useEffect(() => {
    editor?.commands.setContent(initialHtml, { emitUpdate: false });
    setHtml(initialHtml);
  }, [editor, initialHtml]);

  // An edit conflict's reload put the other admin's text into the field: show it.
  useEffect(() => {
    const input = field.current;
    if (!input || !editor) return;
    const reload = () => {
      editor.commands.setContent(input.value, { emitUpdate: false });
      setHtml(input.value);
    };
    input.addEventListener(FIELD_RELOADED_EVENT, reload);
    return () => input.removeEventListener(FIELD_RELOADED_EVENT, reload);
  }, [editor]);

  const [linkDialogOpen, setLinkDialogOpen] = useState(false);

  return (
    <div className="rounded-md border focus-within:ring-[3px] focus-within:ring-ring/50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b p-1">
        {TOOLBAR.map(({ mark, label, icon: Icon, toggle }) => (
          <Button
            key={mark}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={label}
            aria-pressed={active?.[mark] ?? false}
            title={label}
            disabled={!editor}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor && toggle(editor).run()}
          >
            <Icon className="size-4" aria-hidden />
          </Button>
        ))}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Link"
          title="Link"
          disabled={!editor}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setLinkDialogOpen(true)}
        >
          <Link2 className="size-4" aria-hidden />
        </Button>
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        // Before the editor starts: the text as it will show, in a box of the editor's size.
        <div
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-readonly="true"
          className="min-h-40 space-y-2 px-3 py-2 text-sm [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
          dangerouslySetInnerHTML={{ __html: initialHtml }}
        />
      )}
      {editor ? (
        <LinkDialog
          editor={editor}
          open={linkDialogOpen}
          onClose={() => setLinkDialogOpen(false)}
        />
      ) : null}
      <input ref={field} type="hidden" name={name} value={html} />
    </div>
  );
}
