/**
 * The vendor guard (issue 33 Must 6): React Router middleware on every /vendor/:slug/manage
 * route. It lets through only a signed-in member of the vendor the URL names (vendor_members,
 * read on the server for each request); anyone else, a plain user, a visitor, an admin, or the
 * member of another vendor, gets 403 before any loader or action runs. Loaders and actions then
 * read the vendor from `vendorOf(context)`, never from a form field, so every record they touch
 * is looked up within that vendor.
 */
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";

import { getSessionUser, type SessionUser } from "../services/auth.server";
import { appOf } from "../platform/context.server";
import {
  getMembershipVendorId,
  getVendorRecordBySlug,
  type VendorRecord,
} from "../data/vendor-accounts.server";

export const VENDOR_ACCESS_REQUIRED = "Vendor Access Required";

export interface VendorSession {
  user: SessionUser;
  vendor: VendorRecord;
}

const vendorSessionContext = createContext<VendorSession>();

export const vendorGuard: MiddlewareFunction<Response> = async ({ request, context, params }) => {
  const app = appOf(context);
  const user = await getSessionUser(app, request);
  const vendor = params.slug ? await getVendorRecordBySlug(app.db, params.slug) : null;
  const memberOf = user ? await getMembershipVendorId(app.db, user.id) : null;
  if (!user || !vendor || memberOf !== vendor.id) {
    throw data({ error: VENDOR_ACCESS_REQUIRED }, { status: 403 });
  }
  context.set(vendorSessionContext, { user, vendor });
};

/** The member and vendor the guard let through; throws when the route is not behind it. */
export function vendorOf(context: Readonly<RouterContextProvider>): VendorSession {
  return context.get(vendorSessionContext);
}
