# One image for the API, the workers and the migrations job (docker-compose.yml picks the command).
# It runs the built JavaScript (npm run build) as the unprivileged `node` user; no tsx, no dev
# dependencies. CI on this project's machines does not build it (they have no Docker engine).

# 1. Dependencies, dev ones included, as the lockfile pins them (cached until a manifest changes).
#    `npm install` rather than `npm ci`: the lockfile lacks Biome's binaries for other platforms
#    (the registry it was made against does not serve them), which `npm ci` refuses.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY platform/package.json platform/
COPY engine/package.json engine/
COPY projections/package.json projections/
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
COPY load-tests/package.json load-tests/
RUN npm install --no-audit --no-fund

# 2. Type check, the processes' bundles (api/dist, workers/dist, projections/dist) and the web app.
FROM deps AS build
COPY . .
RUN npm run build

# 3. The runtime: the server workspaces' production dependencies and the build's output only.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKERS_METRICS_PORT=9464
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/platform/package.json platform/
COPY --from=deps /app/engine/package.json engine/
COPY --from=deps /app/projections/package.json projections/
COPY --from=deps /app/api/package.json api/
COPY --from=deps /app/workers/package.json workers/
COPY --from=deps /app/web/package.json web/
COPY --from=deps /app/load-tests/package.json load-tests/
# Install scripts stay off: the embedded PostgreSQL of `npm start` is never used in a container.
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund \
      --workspace platform --workspace engine --workspace projections --workspace api --workspace workers \
    && npm cache clean --force
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/projections/dist projections/dist
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "api/dist/main.js"]
