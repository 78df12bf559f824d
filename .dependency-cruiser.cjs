/* global module */
/**
 * Which folder may import which, and no module cycles (`npm run lint` runs it; every rule
 * fails it). The server folders' full layering (a platform layer at the bottom, jobs at the
 * top) comes with their move (issue 36).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
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
