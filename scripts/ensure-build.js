// `npm start`: build once if there is no production build yet, or if `build/` holds a bundle
// made in another mode (NODE_ENV=test or development ships React's development build).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const serverEntry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");

async function builtForProduction() {
  if (!fs.existsSync(serverEntry)) return false;
  const { BUILT_FOR_PRODUCTION } = await import(pathToFileURL(serverEntry).href);
  return BUILT_FOR_PRODUCTION === true;
}

if (!(await builtForProduction())) {
  if (!fs.existsSync("node_modules/@react-router/dev")) {
    console.error(
      "No production build in build/, and the build tools are not installed (npm ci --omit=dev).\n" +
        "Run `npm ci && npm run build` first (e.g. in a build stage), then `npm start`.",
    );
    process.exit(1);
  }
  console.log("No production build yet: building (about a minute, once)…");
  execFileSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}
