# The Logbook server image used by docker-compose.yml. Node 24 LTS on Debian (glibc, which
# better-sqlite3's prebuilt binaries and its source build expect); better-sqlite3 builds from
# source when no prebuilt binary matches, hence the toolchain in the build stage. Both stages use
# the same Node so the addon's ABI matches.
FROM node:24-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Inside a container the server must listen on every interface (the default is 127.0.0.1).
ENV HOST=0.0.0.0
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
EXPOSE 3000
CMD ["node", "--max-old-space-size=1024", "dist/apps/server/src/main.js"]
