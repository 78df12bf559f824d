/** The form fields that hold a link: a web address, or a web address or a path on this site. */
import { isSameSitePath, isWebUrl } from "~/lib/site-path";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { optionalText } from "./fields";

const WEB_URL_MESSAGE = "Enter a full URL starting with http:// or https://";

/** An optional http(s) URL. */
export function optionalWebUrl(label: string, message = WEB_URL_MESSAGE) {
  return optionalText(label, TEXT_LIMITS.url).refine(
    (value) => value === null || (/^https?:\/\/\S+$/i.test(value) && isWebUrl(value)),
    message,
  );
}

/** An optional http(s) URL or a path on this site (uploaded images are served from our origin). */
export function optionalLink(label: string) {
  return optionalText(label, TEXT_LIMITS.url).refine(
    (value) =>
      value === null || (/^https?:\/\//i.test(value) && isWebUrl(value)) || isSameSitePath(value),
    "Enter a full URL (https://…) or a path starting with /",
  );
}
