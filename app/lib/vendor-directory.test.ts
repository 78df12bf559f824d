import { describe, expect, it } from "vitest";

import { parseVendorSort } from "./forms/vendor-directory";
import {
  countryName,
  DEFAULT_VENDOR_SORT,
  shipsThere,
  sortVendors,
  vendorSortHref,
  type SortableVendor,
  type VendorSort,
} from "./vendor-directory";

const vendor = (name: string, fields: Partial<SortableVendor> = {}): SortableVendor => ({
  name,
  reliability: null,
  rating: null,
  offerCount: 0,
  shippingFeeForSort: null,
  lastPriceUpdate: null,
  ...fields,
});

describe("shipsThere", () => {
  it("knows only what the vendor's list of countries says", () => {
    expect(shipsThere(["US", "CA"], "CA")).toBe("yes");
    expect(shipsThere(["US", "CA"], "DE")).toBe("no");
    expect(shipsThere([], "DE")).toBe("unknown");
    expect(shipsThere([], null)).toBe("unknown");
    expect(shipsThere(["US"], null)).toBe("yes");
  });
});

describe("countryName", () => {
  it("names a country by its code, and keeps a code it does not know", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("not a code")).toBe("not a code");
  });
});

describe("vendor sort in the URL", () => {
  it("reads a known column and direction, a column's first direction without one", () => {
    const params = (query: string) => parseVendorSort(new URLSearchParams(query));
    expect(params("sort=rating&dir=asc")).toEqual({ column: "rating", direction: "asc" });
    expect(params("sort=rating")).toEqual({ column: "rating", direction: "desc" });
    expect(params("sort=shipping")).toEqual({ column: "shipping", direction: "asc" });
  });

  it("falls back to name order for anything else", () => {
    const params = (query: string) => parseVendorSort(new URLSearchParams(query));
    expect(params("")).toEqual(DEFAULT_VENDOR_SORT);
    expect(params("sort=price;drop&dir=up")).toEqual(DEFAULT_VENDOR_SORT);
    expect(params("sort=offers&dir=sideways")).toEqual({ column: "offers", direction: "desc" });
  });

  it("links a column in its first direction, the current one flipped, the default bare", () => {
    expect(vendorSortHref(DEFAULT_VENDOR_SORT, "rating")).toBe("/vendors?sort=rating&dir=desc");
    expect(vendorSortHref({ column: "rating", direction: "desc" }, "rating")).toBe(
      "/vendors?sort=rating&dir=asc",
    );
    expect(vendorSortHref(DEFAULT_VENDOR_SORT, "name")).toBe("/vendors?sort=name&dir=desc");
    expect(vendorSortHref({ column: "name", direction: "desc" }, "name")).toBe("/vendors");
  });
});

describe("sortVendors", () => {
  const vendors = [
    vendor("Quantum", { reliability: 91, rating: 4.2, offerCount: 3, shippingFeeForSort: 9.99 }),
    vendor("apex", { reliability: 64, rating: 4.7, offerCount: 3, shippingFeeForSort: 6.95 }),
    vendor("Helix", { offerCount: 8, lastPriceUpdate: "2026-06-01T00:00:00.000Z" }),
    vendor("Meridian", {
      reliability: 78,
      rating: 4.7,
      shippingFeeForSort: 0,
      lastPriceUpdate: "2026-06-02T00:00:00.000Z",
    }),
  ];
  const names = (column: VendorSort, direction: "asc" | "desc") =>
    sortVendors(vendors, { column, direction }).map((v) => v.name);

  it("orders names without regard to case", () => {
    expect(names("name", "asc")).toEqual(["apex", "Helix", "Meridian", "Quantum"]);
    expect(names("name", "desc")).toEqual(["Quantum", "Meridian", "Helix", "apex"]);
  });

  it("keeps vendors without a value last in both directions, ties in name order", () => {
    expect(names("rating", "desc")).toEqual(["apex", "Meridian", "Quantum", "Helix"]);
    expect(names("rating", "asc")).toEqual(["Quantum", "apex", "Meridian", "Helix"]);
    expect(names("shipping", "asc")).toEqual(["Meridian", "apex", "Quantum", "Helix"]);
    expect(names("offers", "desc")).toEqual(["Helix", "apex", "Quantum", "Meridian"]);
    expect(names("updated", "desc")).toEqual(["Meridian", "Helix", "apex", "Quantum"]);
    expect(names("reliability", "desc")).toEqual(["Quantum", "Meridian", "apex", "Helix"]);
  });
});
