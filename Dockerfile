# One image for every process of the scaled set-up (docker-compose.yml): the API processes run
# `pnpm start:api`, the realtime processes `pnpm start:realtime`. The web app is built once here.
FROM node:20-bookworm-slim
RUN npm install --global pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
ENV NODE_ENV=production \
    WEB_DIST=/app/web/dist \
    DATA_DIR=/app/data
EXPOSE 3000 3001
CMD ["pnpm", "start:api"]
