import fs from "node:fs";
import path from "node:path";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataDirBusyError extends Error {}

/**
 * PGlite is one process: a second opener of the same folder can corrupt it.
 * A pid file guards the folder; a stale one (its process gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string, holder: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "pglite.lock");
  if (fs.existsSync(lockFile)) {
    const [pidText, ...rest] = fs.readFileSync(lockFile, "utf8").split("\n");
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
      throw new DataDirBusyError(
        `The embedded database in ${dataDir} is in use by ${rest.join(" ") || "another process"} (pid ${pid}). Stop it first, then run this command again.`,
      );
    }
  }
  fs.writeFileSync(lockFile, `${process.pid}\n${holder}`);
  return () => {
    try {
      const [pidText] = fs.readFileSync(lockFile, "utf8").split("\n");
      if (Number(pidText) === process.pid) fs.unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
