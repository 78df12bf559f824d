import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { acquireDataDirLock, DataDirBusyError } from "./lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("data folder lock", () => {
  it("refuses a second process while the holder runs, naming it", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    try {
      fs.writeFileSync(path.join(dir, "pglite.lock"), `${holder.pid}\nthe web server`);
      expect(() => acquireDataDirLock(dir, "npm run db:seed")).toThrow(DataDirBusyError);
      expect(() => acquireDataDirLock(dir, "npm run db:seed")).toThrow(/the web server/);
    } finally {
      holder.kill();
    }
  });

  it("takes over a stale lock whose process is gone, and releases it", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${gone.pid}\nold server`);
    const release = acquireDataDirLock(dir, "test");
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toContain(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });
});
