import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("about", "routes/about.tsx"),
  route("terms", "routes/terms.tsx"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("media/*", "routes/media.ts"),
  route("dev/error", "routes/dev-error.tsx"),
  route("not-found", "routes/not-found.tsx", { id: "not-found-page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
