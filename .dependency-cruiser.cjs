/* global module */
/**
 * Which folder may import which, and no module cycles (`npm run lint` runs it; every rule
 * fails it).
 * @type {import('dependency-cruiser').IConfiguration}
 */
/**
 * The server folders from the bottom up: each imports only its own layer and those below it
 * (docs/architecture.md, "Folders and the import rule"). The platform is `db/` and `platform/`;
 * the composition root (`app/.server/app-context.server.ts`) sits above them all. A type named
 * across layers (`import type`) is erased at compile and allowed: AppContext names the auth
 * service's type, a service the guard's session type.
 */
const SERVER_LAYERS = [
  ["platform", "(db|platform)"],
  ["data", "data"],
  ["alerts", "alerts"],
  ["reader", "reader"],
  ["services", "services"],
  ["seed", "seed"],
  ["scraper", "scraper"],
  ["http", "http"],
  ["jobs", "jobs"],
];
const layerPath = (folder) => `^app/\\.server/${folder}/`;
const layerRules = SERVER_LAYERS.map(([name, folder], index) => ({
  name: `${name}-imports-downward`,
  comment: `app/.server/${name === "platform" ? "db and platform" : name} imports only ${SERVER_LAYERS.slice(
    0,
    index + 1,
  )
    .map(([below]) => below)
    .join(", ")} (and the composition root nothing below it).`,
  severity: "error",
  // A test may exercise its module with helpers from any layer.
  from: { path: layerPath(folder), pathNot: "\\.test\\.tsx?$" },
  to: {
    path: [
      ...SERVER_LAYERS.slice(index + 1).map(([, above]) => layerPath(above)),
      "^app/\\.server/[^/]+$",
    ],
    dependencyTypesNot: ["type-only"],
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "lib-is-pure",
      comment: "app/lib runs in the browser and the server alike: it imports no server code.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^(app/\\.server/|server/)|\\.server\\.tsx?$" },
    },
    {
      name: "browser-code-has-no-server-code",
      comment: "Components and hooks ship to the browser: the types they need live in app/lib.",
      severity: "error",
      from: { path: "^app/(components|hooks)/" },
      to: { path: "^(app/\\.server/|server/)|\\.server\\.tsx?$" },
    },
    {
      name: "app-below-the-web-server",
      comment: "server/ mounts the app; the app never reaches up into it.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "no-circular",
      comment:
        "A cycle between modules fails the lint. A cycle closed only by an `import type` is erased at compile and allowed: useRootData types itself with root.tsx's loader, which renders the components that call it.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(build|build-[^/]*|node_modules|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
