import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("home", "routes/landing.tsx", { id: "home" }),
  route("about", "routes/about.tsx"),
  route("terms", "routes/terms.tsx"),
  route("signin", "routes/signin.tsx"),
  route("signout", "routes/signout.ts"),
  route("reset-password", "routes/reset-password.tsx"),
  route("account", "routes/account.tsx"),
  route("api/auth/*", "routes/api-auth.ts"),
  route("admin", "routes/admin/dashboard.tsx"),
  route("admin-dashboard", "routes/admin/dashboard.tsx", { id: "admin-dashboard" }),
  route("admin/users", "routes/admin/users.tsx"),
  route("admin/:section", "routes/admin/section.tsx"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("media/*", "routes/media.ts"),
  route("dev/error", "routes/dev-error.tsx"),
  route("dev/mail", "routes/dev-mail.tsx"),
  route("not-found", "routes/not-found.tsx", { id: "not-found-page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
