import { z } from "./zod";

import { USER_LIST_LIMITS } from "~/lib/constants";
import { ALERT_CHANNELS, ALERT_DIGESTS, ALERT_MODES } from "~/lib/price-alerts";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { formFields } from "./form-data";
import { checkbox, optionalMoney, refineMinorUnits } from "./fields";
import { optionalWebUrl } from "./link-fields";
import { optionalRecordId, recordId } from "./record-ids";

export const ALERT_MESSAGES = {
  saved: "Price alert saved",
  updated: "Price alert updated",
  deleted: "Price alert deleted",
  notFound: "That price alert no longer exists",
  sizeNotFound: "That size is no longer listed",
  offerNotFound: "That vendor no longer lists this size; choose another or any vendor",
  loginRequired: "Please log in to set price alerts",
  targetRequired: "Enter the target price",
  channelRequired: "Choose at least one way to be told",
  webhookRequired: "Enter the webhook URL",
  webhookPrivate: "That webhook address is on a private network; use a public URL",
  webhookLimit:
    "You have 50 alerts with a webhook, the most there can be; remove the webhook from one first",
  webhookDisabled:
    "This webhook kept failing and was turned off; save the alert to turn it back on",
  tooManyAlerts: "Too many alerts saved from your network; try again in a few minutes",
  full: `You have ${USER_LIST_LIMITS.priceAlerts} price alerts, the most there can be; delete one to set another`,
  pushPrivate: "That push service is on a private network; browser notifications need a public one",
  pushTaken: "This browser's notifications belong to another account; turn them off there first",
  pushOn: "Browser notifications are on",
  pushOff: "Browser notifications are off",
} as const;

const TARGET_MESSAGE = "Enter a price such as 49.99";

/** The fields of an alert, shared by the detail page's form and the saved-deals editor. */
const alertSettings = {
  mode: z.enum(ALERT_MODES, "Choose when to be told"),
  /** A back-in-stock alert on one vendor's offer; empty is any vendor. */
  vendorPeptideId: optionalRecordId("Choose a vendor"),
  targetPrice: optionalMoney(
    {
      label: "Target price",
      notANumber: TARGET_MESSAGE,
      negative: TARGET_MESSAGE,
      zero: TARGET_MESSAGE,
      tooLarge: TARGET_MESSAGE,
    },
    1_000_000,
  ),
  currency: z.string().regex(/^[A-Z]{3}$/, "Choose a currency"),
  includeShipping: checkbox,
  channels: z
    .array(z.enum(ALERT_CHANNELS, "Choose e-mail, browser notification or webhook"))
    .max(ALERT_CHANNELS.length)
    .transform((channels) => [...new Set(channels)])
    .refine((channels) => channels.length > 0, ALERT_MESSAGES.channelRequired),
  webhookUrl: optionalWebUrl("Webhook URL"),
  digest: z.enum(ALERT_DIGESTS, "Choose at once or a daily digest"),
};

type AlertSettingsInput = {
  mode: (typeof ALERT_MODES)[number];
  targetPrice: number | null;
  currency: string;
  channels: (typeof ALERT_CHANNELS)[number][];
  webhookUrl: string | null;
};

const targetFitsCurrency = refineMinorUnits({ targetPrice: "Target price" });

function requireDependentFields(value: AlertSettingsInput, ctx: z.RefinementCtx) {
  targetFitsCurrency(value, ctx);
  if (value.mode === "below" && value.targetPrice === null)
    ctx.addIssue({ code: "custom", path: ["targetPrice"], message: ALERT_MESSAGES.targetRequired });
  if (value.channels.includes("webhook") && value.webhookUrl === null)
    ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: ALERT_MESSAGES.webhookRequired });
}

/** The /alerts form: one schema for every intent, used by the forms and by the action. */
export const alertActionSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("save"),
      sizeOptionId: recordId("Choose a size"),
      ...alertSettings,
    })
    .superRefine(requireDependentFields),
  z
    .object({ intent: z.literal("update"), alertId: recordId(), ...alertSettings })
    .superRefine(requireDependentFields),
  z.object({ intent: z.literal("delete"), alertId: recordId() }),
  z.object({
    intent: z.literal("push-subscribe"),
    endpoint: z
      .url({ protocol: /^https$/, message: "The push service must be an https:// URL" })
      .max(TEXT_LIMITS.url),
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}={0,2}$/, "Invalid push key"),
    auth: z.string().regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, "Invalid push secret"),
  }),
  z.object({ intent: z.literal("push-unsubscribe"), endpoint: z.string().max(TEXT_LIMITS.url) }),
]);
export type AlertAction = z.infer<typeof alertActionSchema>;

/** FormData → plain object, keeping repeated `channels` fields as a list. */
export function alertFormValues(form: FormData): Record<string, unknown> {
  return { ...formFields(form), channels: form.getAll("channels") };
}
