# PeptidePrices: build in one stage, run the production build in a slim one as a non-root user.
# docs/operations.md ("Containers") says how to run it with compose.yaml. The steps are the
# ones .ci/run checks on every run (npm ci, build, npm ci --omit=dev, npm start, /healthz).

# ---------------------------------------------------------------- build
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build

# ---------------------------------------------------------------- production dependencies
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---------------------------------------------------------------- runtime
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json package-lock.json server.js ./
# Applied at every start-up (server.js migrates before it listens).
COPY --chown=node:node drizzle ./drizzle
# The embedded database and uploads when no DATABASE_URL / S3 is given: a volume.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Liveness only (the process answers); readiness (database, migrations, job worker) is
# /readyz, for a load balancer or an orchestrator's readiness probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Not through npm: SIGTERM reaches server.js, which finishes the requests in flight.
CMD ["node", "server.js"]
