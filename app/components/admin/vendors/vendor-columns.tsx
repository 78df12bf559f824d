import { editDeleteColumn } from "~/components/admin/row-actions";
import { nameColumn, type DataColumn } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import type { DiscountType } from "~/lib/constants";
import { formatDate, formatPrice } from "~/lib/format";
import { couponHasExpired } from "~/lib/forms/vendors";
import { formatCouponDiscount } from "~/lib/pricing";

import type { EditableVendor } from "~/lib/forms/vendors";

export const DELETE_VENDOR_KEY = "delete-vendor";

function websiteHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** SPEC.md §2's vendor columns; `today` (YYYY-MM-DD, UTC) marks expired coupons. */
export function vendorColumns({
  onEdit,
  today,
}: {
  onEdit: (row: EditableVendor) => void;
  today: string;
}): DataColumn<EditableVendor>[] {
  return [
    nameColumn(),
    {
      id: "website",
      header: "Website",
      cell: (row) =>
        row.website ? (
          <a
            href={row.website}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-primary underline-offset-4 hover:underline"
          >
            {websiteHost(row.website)}
          </a>
        ) : null,
    },
    {
      id: "logo",
      header: "Logo",
      cell: (row) =>
        row.logoUrl ? (
          <img
            src={row.logoUrl}
            alt={`${row.name} logo`}
            className="h-8 w-8 rounded border object-contain"
            loading="lazy"
          />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "preferred",
      header: "Preferred",
      sortKey: "preferred",
      cell: (row) =>
        row.isPreferred ? (
          <Badge variant="success">Preferred</Badge>
        ) : (
          <span className="text-muted-foreground">No</span>
        ),
    },
    {
      id: "shipping",
      header: "Shipping Cost",
      cell: (v) => {
        const terms = [
          v.shippingFee !== null ? formatPrice(v.shippingFee, v.currency) : null,
          v.freeShippingThreshold !== null
            ? `free from ${formatPrice(v.freeShippingThreshold, v.currency)}`
            : null,
          v.shipsTo.length > 0 ? `to ${v.shipsTo.join(", ")}` : null,
        ].filter(Boolean);
        return (
          <span className="flex flex-col">
            <span>{v.shippingCost}</span>
            {terms.length > 0 ? (
              <span className="text-xs text-muted-foreground">{terms.join(" · ")}</span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: "coupon",
      header: "Coupon Code",
      sortKey: "coupon",
      cell: (row) => (row.couponCode ? <code className="text-xs">{row.couponCode}</code> : null),
    },
    {
      id: "discountAmount",
      header: "Discount Amount",
      cell: (row) =>
        row.discountAmount !== null && row.discountType
          ? formatCouponDiscount(
              {
                discountAmount: row.discountAmount,
                discountType: row.discountType as DiscountType,
              },
              row.currency,
            )
          : null,
    },
    { id: "discountType", header: "Discount Type", cell: (row) => row.discountType },
    {
      id: "expiration",
      header: "Expiration Date",
      sortKey: "expiration",
      cell: (row) =>
        row.expirationDate ? (
          <span className="flex flex-wrap items-center gap-1.5">
            {formatDate(row.expirationDate)}
            {couponHasExpired(row.expirationDate, today) ? (
              <Badge variant="destructive">Expired</Badge>
            ) : null}
          </span>
        ) : null,
    },
    {
      id: "rating",
      header: "Rating",
      sortKey: "rating",
      cell: (row) =>
        row.rating !== null ? <span className="tabular-nums">{row.rating.toFixed(1)}</span> : null,
    },
    editDeleteColumn({
      onEdit,
      deleteKey: DELETE_VENDOR_KEY,
      deleteIntent: "delete-vendor",
      describeDelete: (row) =>
        `${row.name}, its coupon and all its prices will be moved to the trash (kept 30 days, restorable).`,
    }),
  ];
}
