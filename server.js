// Serves the site: the production build by default, or Vite's dev server with --dev.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const DEVELOPMENT = process.argv.includes("--dev");
/** How long a shutdown waits for requests in flight before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;
process.env.NODE_ENV ??= DEVELOPMENT ? "development" : "production";

async function loadServerModule() {
  if (!DEVELOPMENT) {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    return { module: await import(pathToFileURL(path.join(buildDir, "server/index.js")).href) };
  }
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true } });
  return { module: await vite.ssrLoadModule("./server/app.ts"), vite };
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function listenFailure(error, env) {
  const where = `${env.HOST}:${env.PORT}`;
  if (error?.code === "EADDRINUSE") {
    return `Cannot start: ${where} is already in use (another PeptidePrices instance, or another program). Stop it or set PORT to a free port.`;
  }
  if (error?.code === "EACCES") {
    return `Cannot start: no permission to listen on ${where}. Choose a PORT above 1023.`;
  }
  return `Cannot start: listening on ${where} failed: ${error instanceof Error ? error.message : error}`;
}

async function main() {
  const { module, vite } = await loadServerModule();
  if (!vite && !module.BUILT_FOR_PRODUCTION) {
    console.error(
      "build/ holds a development or test bundle (built without NODE_ENV=production).\n" +
        "Run `NODE_ENV=production npm run build`, or delete build/ and `npm start` builds it.",
    );
    process.exit(1);
  }
  let env;
  try {
    env = module.parseEnv(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { app, context, metricsApp, startBackgroundJobs } = await module.createServer({
    env,
    clientBuildDir: vite ? undefined : path.resolve(process.env.BUILD_DIR ?? "build", "client"),
    build: vite ? () => vite.ssrLoadModule("virtual:react-router/server-build") : undefined,
  });
  const root = vite ? (await import("express")).default() : app;
  if (vite) {
    root.use(vite.middlewares);
    root.use(app);
  }
  const server = http.createServer(root);
  try {
    await listen(server, env.PORT, env.HOST);
  } catch (error) {
    console.error(listenFailure(error, env));
    await context.close();
    process.exit(1);
  }
  context.logger.info(`PeptidePrices listening on http://localhost:${env.PORT}`);
  // Metrics on a port of their own (METRICS_PORT), for Prometheus on a private network.
  const metricsServer = metricsApp ? http.createServer(metricsApp) : null;
  if (metricsServer) {
    const where = { ...env, HOST: env.METRICS_HOST, PORT: env.METRICS_PORT };
    try {
      await listen(metricsServer, env.METRICS_PORT, env.METRICS_HOST);
    } catch (error) {
      console.error(listenFailure(error, where).replace("PORT", "METRICS_PORT"));
      await context.close();
      process.exit(1);
    }
    context.logger.info(`metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);
  }
  // Only now: the first scheduled scrape may fetch through this very server (robots.txt of
  // a demo source), and an instance that cannot listen must never start jobs.
  await startBackgroundJobs();
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    context.logger.info({ signal }, "shutting down: finishing the requests in flight");
    // First of all, as a SIGKILL may follow the grace period: this instance's scrape runs end "interrupted".
    await module.interruptRunningScrapes(context, signal).catch((error) => {
      context.logger.error({ err: error }, "could not mark the scrape runs interrupted");
    });
    // No new connections; idle keep-alive ones close now, busy ones once they are answered.
    metricsServer?.close();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(force);
    // Stops the job worker (a running scrape finishes), sends queued mail, closes the database.
    await context.close();
    await vite?.close();
    context.logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
