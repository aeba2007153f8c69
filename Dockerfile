# One image for every process of the scaled set-up (docker-compose.yml): the API processes run
# `node scripts/start.mjs api`, the realtime processes `node scripts/start.mjs realtime` (node as
# the process itself, so SIGTERM reaches its graceful close; pnpm 10 does not pass it on).
#
# Node 22 (LTS; Node 20 reached its end of life in April 2026). Not 24: better-sqlite3 12 (13
# needs Node 22 for every process we ship, 20 included) built against the headers of Node 24.19
# or later aborts the process when a statement is garbage-collected (nodejs/node#65446), and the
# image builds it against the headers of the Node it runs. CI also runs the suites under Node 24
# (scripts/test-node24.sh, with headers from before that change). Both stages use the same Node.
#
# Stage 1 builds: the compiler for better-sqlite3 (no prebuilt binary is downloaded), every
# dependency, the servers compiled to JavaScript (api/dist, realtime-server/dist) and the web app;
# then it keeps the production dependencies only.
FROM node:22-bookworm-slim AS build
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

# Stage 2 runs: the compiled servers (nothing is compiled at start), the built web app and the
# production dependencies with their compiled addons; no compiler, no dev dependencies, not root.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    WEB_DIST=/app/web/dist \
    DATA_DIR=/app/data
WORKDIR /app
# The code stays root's (the process cannot rewrite it); only DATA_DIR is the node user's. A named
# volume mounted on /app/data/uploads takes this folder's owner on first use.
COPY --from=build /app /app
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data && chmod -R 700 /app/data
USER node
EXPOSE 3000 3001
CMD ["node", "scripts/start.mjs", "api"]
