import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins classes, a later utility replacing an earlier one of its kind (tailwind-merge). The
 * modules the home page loads use clsx instead and keep their bases in app.css (.btn,
 * .native-select, .skeleton), so tailwind-merge stays off the home page.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
