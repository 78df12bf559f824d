/**
 * The admin's trust review lists (issue 33), paged like every admin table (table-query.ts):
 * offer reports, vendor reviews to moderate, vendors' lab reports, held vendor submissions and
 * vendor members. Each list has one fixed order (what waits longest first, or the newest), so
 * "queue" is its only sort; the lists that share a page with another table name their own
 * page parameters.
 */
import { defineTableQuery } from "~/lib/table-query";

const REVIEW_PAGE_SIZE = 25;

export const OFFER_REPORTS_LIST = defineTableQuery({
  id: "offer-reports",
  sorts: ["queue"],
  defaultSort: "queue",
  pageSize: REVIEW_PAGE_SIZE,
});

export const VENDOR_REVIEWS_LIST = defineTableQuery({
  id: "vendor-reviews",
  sorts: ["queue"],
  defaultSort: "queue",
  pageSize: REVIEW_PAGE_SIZE,
});

/** On the lab tests page, under the lab tests table. */
export const VENDOR_LAB_REPORTS_LIST = defineTableQuery({
  id: "vendor-lab-reports",
  sorts: ["queue"],
  defaultSort: "queue",
  pageSize: REVIEW_PAGE_SIZE,
  params: {
    q: "reportsQ",
    sort: "reportsSort",
    dir: "reportsDir",
    page: "reportsPage",
    size: "reportsSize",
  },
});

/** The vendor accounts page holds two lists. */
export const VENDOR_MEMBERS_LIST = defineTableQuery({
  id: "vendor-members",
  sorts: ["queue"],
  defaultSort: "queue",
  pageSize: REVIEW_PAGE_SIZE,
  params: {
    q: "membersQ",
    sort: "membersSort",
    dir: "membersDir",
    page: "membersPage",
    size: "membersSize",
  },
});

export const HELD_SUBMISSIONS_LIST = defineTableQuery({
  id: "held-submissions",
  sorts: ["queue"],
  defaultSort: "queue",
  pageSize: REVIEW_PAGE_SIZE,
  params: { q: "heldQ", sort: "heldSort", dir: "heldDir", page: "heldPage", size: "heldSize" },
});
