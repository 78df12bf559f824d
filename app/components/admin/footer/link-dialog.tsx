import type { Editor } from "@tiptap/react";
import { useRef, useState } from "react";

import { Field } from "~/components/admin/form-controls";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { footerLinkSchema } from "~/lib/forms/footer";
import { TEXT_LIMITS } from "~/lib/text-limits";

/**
 * The footer editor's link dialog: the address for the selected text (or the link the cursor
 * is in), checked as it is applied, with Remove for an existing link. Applying or removing puts
 * the focus back in the editor; Cancel and Escape give it back to the toolbar's Link button.
 */
export function LinkDialog({
  editor,
  open,
  onClose,
}: {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}) {
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [error, setError] = useState<string | null>(null);
  const backToEditor = useRef(false);

  function close(toEditor: boolean) {
    backToEditor.current = toEditor;
    setError(null);
    onClose();
  }

  function apply(event: React.FormEvent<HTMLFormElement>) {
    // The dialog is portalled out of the footer's form, but React still bubbles its submit there.
    event.preventDefault();
    event.stopPropagation();
    const parsed = footerLinkSchema.safeParse(new FormData(event.currentTarget).get("href"));
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    editor.chain().extendMarkRange("link").setLink({ href: parsed.data }).run();
    close(true);
  }

  function remove() {
    editor.chain().extendMarkRange("link").unsetLink().run();
    close(true);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close(false))}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!backToEditor.current) return;
          event.preventDefault();
          editor.commands.focus();
        }}
      >
        <form
          noValidate
          onSubmit={apply}
          onInput={(event) => event.stopPropagation()}
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>{current ? "Edit link" : "Add link"}</DialogTitle>
            <DialogDescription>
              The address the selected text links to: https://, http:// or mailto:.
            </DialogDescription>
          </DialogHeader>
          <Field id="footer-link-href" label="Link address" errors={error ? [error] : null}>
            <Input
              name="href"
              type="url"
              defaultValue={current}
              placeholder="https://… or mailto:…"
              maxLength={TEXT_LIMITS.url}
            />
          </Field>
          <DialogFooter>
            {current ? (
              <Button type="button" variant="outline" onClick={remove} className="sm:mr-auto">
                Remove link
              </Button>
            ) : null}
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit">{current ? "Save link" : "Add link"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
