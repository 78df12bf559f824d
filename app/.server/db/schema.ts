/**
 * The database schema as drizzle-kit and the queries read it: every table, in two files that
 * import downward only (the vendor accounts' tables reference the catalogue's).
 */
export * from "./core-schema";
export * from "./vendor-schema";
