import { useRef, useState } from "react";

import { adminOf } from "~/.server/http/admin-guard.server";
import { getAllAds } from "~/.server/data/ads.server";
import type { AdminAd } from "~/lib/ads";
import { readImageUploadForm, withUploadForm } from "~/.server/http/upload-form.server";
import { AdForm } from "~/components/admin/ads/ad-form";
import { AdGrid, DELETE_AD_KEY } from "~/components/admin/ads/ad-grid";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import type { FormPanelHandle } from "~/components/admin/form-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";

import type { Route } from "./+types/ads";
import { handleAdAction } from "./ads.server";
import { appOf } from "~/.server/platform/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Ads · Admin · PeptidePrices" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { ads: await getAllAds(appOf(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return withUploadForm(readImageUploadForm(request), (formData) =>
    handleAdAction(appOf(context), admin, formData),
  );
}

export default function AdminAds({ loaderData }: Route.ComponentProps) {
  const { ads } = loaderData;
  const [tab, setTab] = useState<"all" | "create" | "edit">("all");
  const [editing, setEditing] = useState<AdminAd | null>(null);
  const openForm = useRef<FormPanelHandle>(null);
  useFetcherToast(DELETE_AD_KEY);

  const backToList = () => {
    setEditing(null);
    setTab("all");
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Ads</h1>
        <p className="text-sm text-muted-foreground">Advertisements shown on the public pages.</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const leave = () => {
            if (value !== "edit") setEditing(null);
            setTab(value as typeof tab);
          };
          // Leaving the Create New or Edit Ad tab with unsaved changes asks first.
          if (openForm.current) openForm.current.requestClose(leave);
          else leave();
        }}
      >
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="all">All Ads</TabsTrigger>
          <TabsTrigger value="create">Create New</TabsTrigger>
          {editing ? <TabsTrigger value="edit">Edit Ad</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="all" className="pt-4">
          <AdGrid
            ads={ads}
            onCreate={() => setTab("create")}
            onEdit={(ad) => {
              setEditing(ad);
              setTab("edit");
            }}
          />
        </TabsContent>
        <TabsContent value="create" className="pt-4">
          {tab === "create" ? (
            <AdForm ref={openForm} ad={null} onSaved={backToList} onCancel={backToList} />
          ) : null}
        </TabsContent>
        {editing ? (
          <TabsContent value="edit" className="pt-4">
            <AdForm
              ref={openForm}
              key={editing.id}
              ad={editing}
              onSaved={backToList}
              onCancel={backToList}
            />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
