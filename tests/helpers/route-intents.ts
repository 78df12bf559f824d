import fs from "node:fs";
import path from "node:path";

import routes from "~/routes";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

export interface ActionRoute {
  /** A URL the route serves, each parameter filled with a sample value. */
  path: string;
  file: string;
  /** Every `intent` its forms' zod schemas (and any hand-written `intent === "…"` test) know. */
  intents: string[];
  /** Every field name those schemas read. */
  fields: string[];
}

function routeFiles(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const joined = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own =
      entry.path !== undefined || entry.index ? [{ path: joined || "/", file: entry.file }] : [];
    return [...own, ...routeFiles(entry.children ?? [], joined)];
  });
}

function read(file: string): string {
  return fs.readFileSync(path.join(APP_DIR, file), "utf8");
}

function exportsAction(source: string): boolean {
  return /export\s+(async\s+)?(function|const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
    source,
  );
}

/** The route module, its sibling `<name>*.server.ts` handlers and the app/.server modules they import. */
function sourcesOf(file: string): string[] {
  const dir = path.dirname(file);
  const base = path.basename(file).replace(/\.tsx?$/, "");
  const siblings = fs
    .readdirSync(path.join(APP_DIR, dir))
    .filter((name) => name.startsWith(`${base}.`) && name.endsWith(".server.ts"))
    .map((name) => path.join(dir, name));
  const own = [file, ...siblings].map(read);
  const imported = own.flatMap((source) =>
    [...source.matchAll(/from "~\/(\.server\/[\w./-]+)"/g)].map((match) => `${match[1]}.ts`),
  );
  return [...own, ...imported.filter((name) => fs.existsSync(path.join(APP_DIR, name))).map(read)];
}

/** Names each source imports from a ~/lib/forms module, by module. */
function formImports(sources: string[]): Map<string, Set<string>> {
  const byModule = new Map<string, Set<string>>();
  for (const source of sources) {
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from "~\/lib\/forms\/([\w-]+)"/g)) {
      const names = byModule.get(match[2]!) ?? new Set<string>();
      for (const name of match[1]!.split(",")) {
        const bare = name
          .replace(/^\s*type\s+/, "")
          .split(/\s+as\s+/)[0]!
          .trim();
        if (bare) names.add(bare);
      }
      byModule.set(match[2]!, names);
    }
  }
  return byModule;
}

type ZodLike = { _zod?: { def?: Record<string, unknown> } };

const WRAPPERS = ["innerType", "in", "out", "left", "right", "schema"];

/** Walks a zod schema: every object shape's keys, and every literal its `intent` may be. */
function walk(schema: unknown, found: { intents: Set<string>; fields: Set<string> }, depth = 0) {
  const def = (schema as ZodLike)?._zod?.def;
  if (!def || depth > 20) return;
  if (def.type === "object") {
    const shape = def.shape as Record<string, unknown>;
    for (const [key, value] of Object.entries(shape)) {
      found.fields.add(key);
      if (key === "intent") literals(value).forEach((literal) => found.intents.add(literal));
    }
  }
  for (const option of (def.options as unknown[] | undefined) ?? []) walk(option, found, depth + 1);
  for (const key of WRAPPERS) if (def[key]) walk(def[key], found, depth + 1);
}

function literals(schema: unknown): string[] {
  const def = (schema as ZodLike)?._zod?.def;
  if (!def) return [];
  if (def.type === "literal") return (def.values as unknown[]).map(String);
  if (def.type === "enum") return Object.values(def.entries as Record<string, string>);
  return WRAPPERS.flatMap((key) => (def[key] ? literals(def[key]) : []));
}

/**
 * Every route module with an action, from app/routes.ts, with the intents and fields of the
 * zod schemas it uses: a new route, schema or intent is picked up without a list to edit.
 */
export async function actionRoutes(): Promise<ActionRoute[]> {
  const found: ActionRoute[] = [];
  for (const { path: routePath, file } of routeFiles(routes as RouteEntry[])) {
    if (!exportsAction(read(file))) continue;
    const sources = sourcesOf(file);
    const schemas = { intents: new Set<string>(), fields: new Set<string>() };
    for (const [module, names] of formImports(sources)) {
      const exports = (await import(`../../app/lib/forms/${module}.ts`)) as Record<string, unknown>;
      for (const name of names) walk(exports[name], schemas);
    }
    for (const source of sources) {
      for (const match of source.matchAll(/intent\s*===\s*"([\w-]+)"/g)) {
        schemas.intents.add(match[1]!);
      }
    }
    found.push({
      path: routePath.replace(/:[^/]+\??/g, "fuzz-sample").replace(/\/\*$/, "/anything"),
      file,
      intents: [...schemas.intents].sort(),
      fields: [...schemas.fields].sort(),
    });
  }
  return found;
}
