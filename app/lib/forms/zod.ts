import { z } from "zod";

// Zod compiles object parsers with `new Function` where eval is allowed, and finds out by
// trying it: under the site's Content-Security-Policy (no 'unsafe-eval') every page with a form
// then reports a blocked eval. The forms' schemas import z from here, so it is off before any
// of them is built.
z.config({ jitless: true });

export { z };
