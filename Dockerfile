# One image for every process of the scaled set-up (docker-compose.yml): the API processes run
# `pnpm start:api`, the realtime processes `pnpm start:realtime`.
#
# Stage 1 builds: the compiler for better-sqlite3 (no prebuilt binary is downloaded), every
# dependency, the web app; then it keeps the production dependencies only.
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
RUN npm install --global pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && rm -rf node_modules */node_modules packages/*/node_modules \
 && pnpm install --frozen-lockfile --prod

# Stage 2 runs: sources (TypeScript, loaded through tsx), the built web app and the production
# dependencies with their compiled addons; no compiler, no dev dependencies, not root.
FROM node:20-bookworm-slim
RUN npm install --global pnpm@10.34.9 && npm cache clean --force
ENV NODE_ENV=production \
    WEB_DIST=/app/web/dist \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# A named volume mounted on /app/data/uploads takes this folder's owner (node) on first use
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data && chmod -R 700 /app/data
USER node
EXPOSE 3000 3001
CMD ["pnpm", "start:api"]
