// Serves the site: the production build by default, or Vite's dev server with --dev.
import path from "node:path";

const DEVELOPMENT = process.argv.includes("--dev");
process.env.NODE_ENV ??= DEVELOPMENT ? "development" : "production";

async function loadServerModule() {
  if (!DEVELOPMENT) {
    return { module: await import("./build/server/index.js"), vite: undefined };
  }
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true } });
  return { module: await vite.ssrLoadModule("./server/app.ts"), vite };
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
  const { app, context } = await module.createServer({
    env,
    clientBuildDir: vite ? undefined : path.resolve("build/client"),
    build: vite ? () => vite.ssrLoadModule("virtual:react-router/server-build") : undefined,
  });
  const root = vite ? (await import("express")).default() : app;
  if (vite) {
    root.use(vite.middlewares);
    root.use(app);
  }
  const server = root.listen(env.PORT, env.HOST, () => {
    context.logger.info(`PeptidePrices listening on http://localhost:${env.PORT}`);
  });
  const shutdown = async () => {
    server.close();
    await context.close();
    await vite?.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
