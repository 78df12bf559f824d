import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("peptide/:slug", "routes/peptide.tsx"),
  route("compare", "routes/compare.tsx"),
  route("catalog", "routes/catalog.tsx"),
  route("deals", "routes/deals.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("admin-login", "routes/admin-login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("test", "routes/test.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("peptides", "routes/admin/peptides.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("scraping", "routes/admin/scraping.tsx"),
      route("vendors", "routes/admin/vendors.tsx"),
      route("ads", "routes/admin/ads.tsx"),
      route("hero", "routes/admin/hero.tsx"),
      route("footer", "routes/admin/footer.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("settings", "routes/admin/settings.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
