# One image for the api, the workers and the migration job; the web app is built into it and
# served by the api.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY platform/package.json platform/
COPY engine/package.json engine/
COPY projections/package.json projections/
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
COPY load-tests/package.json load-tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN cd web && npx vite build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/src/main.ts"]
