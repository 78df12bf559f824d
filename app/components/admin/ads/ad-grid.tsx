import { Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";

import type { AdminAd } from "~/lib/ads";
import { BulkBar } from "~/components/admin/bulk-actions";
import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import { EditButton } from "~/components/edit-button";
import { useTrashUndo } from "~/components/admin/trash-undo";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { bulkFormFields, type BulkOperation } from "~/lib/forms/bulk";
import { cn } from "~/lib/utils";

import { labelOf, PLACEMENT_LABELS, SIZE_LABELS, TYPE_LABELS } from "./ad-labels";

export const DELETE_AD_KEY = "ad-delete";

function AdGridCard({
  ad,
  selected,
  onSelect,
  onEdit,
}: {
  ad: AdminAd;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
}) {
  return (
    <Card
      className={cn("gap-3", !ad.active && "opacity-60")}
      data-testid="ad-card"
      data-active={ad.active}
    >
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="flex items-start gap-2">
          <Checkbox
            className="mt-0.5"
            checked={selected}
            onCheckedChange={(checked) => onSelect(checked === true)}
            aria-label={`Select ${ad.title}`}
          />
          <CardTitle className="text-base leading-snug">{ad.title}</CardTitle>
        </div>
        <Badge variant={ad.active ? "success" : "secondary"}>
          {ad.active ? "Active" : "Inactive"}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm text-muted-foreground">
        {ad.imageUrl ? (
          <img
            src={ad.imageUrl}
            alt=""
            className="aspect-video w-full rounded object-cover"
            loading="lazy"
          />
        ) : null}
        {ad.description ? <p className="line-clamp-2">{ad.description}</p> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium text-foreground">Type</dt>
          <dd>{labelOf(TYPE_LABELS, ad.type)}</dd>
          <dt className="font-medium text-foreground">Placement</dt>
          <dd>{labelOf(PLACEMENT_LABELS, ad.placement)}</dd>
          <dt className="font-medium text-foreground">Size</dt>
          <dd>{labelOf(SIZE_LABELS, ad.size)}</dd>
        </dl>
      </CardContent>
      <CardFooter className="mt-auto justify-end gap-1">
        <EditButton label={`Edit ${ad.title}`} onClick={onEdit} />
        <ConfirmDeleteButton
          fetcherKey={DELETE_AD_KEY}
          fields={{ intent: "delete", id: ad.id }}
          itemName={ad.title}
          description={`The ad '${ad.title}' will be moved to the trash for 30 days.`}
        />
      </CardFooter>
    </Card>
  );
}

/** The ads as cards, with the empty state and the bar for the ticked ones. */
export function AdGrid({
  ads,
  onEdit,
  onCreate,
}: {
  ads: AdminAd[];
  onEdit: (ad: AdminAd) => void;
  onCreate: () => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Here rather than in the bar: deleting every ticked ad unmounts the bar with the answer.
  const bulkFetcher = useFetcher<ActionResult>();
  const onUndo = useTrashUndo();
  useActionToast(bulkFetcher.data, () => setSelected(new Set()), { onUndo });
  // Ticks of ads deleted meanwhile (here or elsewhere) are dropped.
  const ticked = ads.filter((ad) => selected.has(ad.id)).map((ad) => ad.id);
  // Each ad goes with the version it was shown at: ads changed meanwhile are refused by name.
  const submitBulk = (operation: BulkOperation) =>
    bulkFetcher.submit(
      bulkFormFields("bulk-ads", operation, ticked, new Map(ads.map((ad) => [ad.id, ad.version]))),
      { method: "post" },
    );

  if (ads.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-md border border-dashed p-10 text-center">
        <p className="text-muted-foreground">No advertisements created yet.</p>
        <Button onClick={onCreate}>
          <Plus className="size-4" aria-hidden />
          Create First Ad
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {ticked.length > 0 ? (
        <BulkBar
          count={ticked.length}
          noun={{ one: "ad", other: "ads" }}
          busy={bulkFetcher.state !== "idle"}
          onActivate={() => submitBulk("activate")}
          onDeactivate={() => submitBulk("deactivate")}
          onDelete={() => submitBulk("delete")}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {ads.map((ad) => (
          <AdGridCard
            key={ad.id}
            ad={ad}
            selected={selected.has(ad.id)}
            onSelect={(on) =>
              setSelected((current) => {
                const next = new Set(current);
                if (on) next.add(ad.id);
                else next.delete(ad.id);
                return next;
              })
            }
            onEdit={() => onEdit(ad)}
          />
        ))}
      </div>
    </div>
  );
}
