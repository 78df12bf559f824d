import { Bold, Italic, Link2, List, ListOrdered } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { FIELD_RELOADED_EVENT } from "~/components/admin/edit-conflict";
import { Button } from "~/components/ui/button";

const TOOLBAR = [
  { command: "bold", label: "Bold", icon: Bold },
  { command: "italic", label: "Italic", icon: Italic },
  { command: "insertUnorderedList", label: "Bulleted list", icon: List },
  { command: "insertOrderedList", label: "Numbered list", icon: ListOrdered },
] as const;

/**
 * A small rich-text editor: contentEditable with bold, italic, link and list buttons. Whatever
 * HTML it produces, the server keeps only the footer allowlist.
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
  const editor = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [html, setHtml] = useState(initialHtml);

  useEffect(() => {
    if (editor.current) editor.current.innerHTML = initialHtml;
    setHtml(initialHtml);
  }, [initialHtml]);

  // An edit conflict's reload put the other admin's text into the field: show it.
  useEffect(() => {
    const input = field.current;
    if (!input) return;
    const reload = () => {
      if (editor.current) editor.current.innerHTML = input.value;
      setHtml(input.value);
    };
    input.addEventListener(FIELD_RELOADED_EVENT, reload);
    return () => input.removeEventListener(FIELD_RELOADED_EVENT, reload);
  }, []);

  function run(command: string, value?: string) {
    editor.current?.focus();
    // execCommand is deprecated but still the only built-in way to format a selection.
    document.execCommand(command, false, value);
    setHtml(editor.current?.innerHTML ?? "");
  }

  function addLink() {
    const url = window.prompt("Link address (https://… or mailto:…)");
    if (url && /^(https?:\/\/|mailto:)\S+$/i.test(url.trim())) run("createLink", url.trim());
    else if (url)
      toast.error("Error", { description: "Links must start with https://, http:// or mailto:" });
  }

  return (
    <div className="rounded-md border focus-within:ring-[3px] focus-within:ring-ring/50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b p-1">
        {TOOLBAR.map(({ command, label, icon: Icon }) => (
          <Button
            key={command}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={label}
            title={label}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command)}
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
          onMouseDown={(event) => event.preventDefault()}
          onClick={addLink}
        >
          <Link2 className="size-4" aria-hidden />
        </Button>
      </div>
      <div
        ref={editor}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        className="min-h-40 space-y-2 px-3 py-2 text-sm outline-none [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        onFocus={() => document.execCommand("defaultParagraphSeparator", false, "p")}
        onInput={(event) => setHtml(event.currentTarget.innerHTML)}
      />
      <input ref={field} type="hidden" name={name} value={html} />
    </div>
  );
}
