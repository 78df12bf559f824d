/**
 * Fallbacks for visitors without JavaScript (a form's Apply button) that scripts make
 * unnecessary. Hidden at hydration they would paint first and then vanish, shifting the page;
 * the root layout's head script marks <html> before the body is parsed instead, and app.css
 * hides every element marked `data-no-js-fallback` under that mark from the first paint on.
 */

/** The class the head script puts on <html> when scripts run. */
export const SCRIPTING_CLASS = "js";

/** Inline in the root layout's head, so it runs before anything in the body is painted. */
export const SCRIPTING_HEAD_SCRIPT = `document.documentElement.classList.add(${JSON.stringify(SCRIPTING_CLASS)})`;
