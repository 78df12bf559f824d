import { DatabaseBackup, Download, Eraser, Loader2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";

import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";

/** Backup download, Clear Cache and restore from a backup file (after a confirmation). */
export function MaintenanceCard() {
  const cacheFetcher = useFetcher<ActionResult>();
  const restoreFetcher = useFetcher<ActionResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  useActionToast(cacheFetcher.data);
  useActionToast(restoreFetcher.data, () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  });
  const restoring = restoreFetcher.state !== "idle";

  function restore() {
    if (!file) return;
    const formData = new FormData();
    formData.set("intent", "restore");
    formData.set("backup", file);
    void restoreFetcher.submit(formData, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Maintenance</CardTitle>
        <CardDescription>
          A backup holds the catalogue, prices and their history, site content, ads, settings and
          scrape sources; not accounts or sessions.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/admin/backup" download>
              <Download className="size-4" aria-hidden />
              Backup Database
            </a>
          </Button>
          <cacheFetcher.Form method="post">
            <input type="hidden" name="intent" value="clear-cache" />
            <Button type="submit" variant="outline" disabled={cacheFetcher.state !== "idle"}>
              <Eraser className="size-4" aria-hidden />
              Clear Cache
            </Button>
          </cacheFetcher.Form>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="restore-file">Restore from a backup file</Label>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              ref={fileInput}
              id="restore-file"
              type="file"
              accept="application/json,.json"
              className="max-w-xs"
              disabled={restoring}
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            />
            <Button
              type="button"
              variant="destructive"
              disabled={!file || restoring}
              onClick={() => setConfirming(true)}
            >
              {restoring ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Upload className="size-4" aria-hidden />
              )}
              Restore
            </Button>
          </div>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Restore this backup?"
          description={`Every catalogue, price, content, ad, settings and scraping record will be replaced by the contents of ${file?.name ?? "the file"}. This cannot be undone.`}
          confirmLabel={
            <>
              <DatabaseBackup className="size-4" aria-hidden />
              Restore Backup
            </>
          }
          confirmVariant="destructive"
          onConfirm={restore}
        />
      </CardContent>
    </Card>
  );
}
