// `npm start` on a fresh clone: build once if there is no production build yet.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

if (!fs.existsSync("build/server/index.js")) {
  console.log("No production build yet: building (about a minute, once)…");
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
}
