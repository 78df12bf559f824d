import {
  KeyRound,
  Boxes,
  Flag,
  FlaskConical,
  History,
  Image,
  LayoutDashboard,
  Megaphone,
  MessageSquareText,
  Microscope,
  MousePointerClick,
  PanelBottom,
  Settings,
  Shapes,
  Store,
  Tags,
  Trash2,
  Users,
  type LucideIcon,
} from "lucide-react";
import { NavLink } from "react-router";

import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
} from "~/components/ui/sidebar";

export interface AdminSection {
  title: string;
  to: string;
  icon: LucideIcon;
}

const ADMIN_SECTIONS: AdminSection[] = [
  { title: "Dashboard", to: "/admin", icon: LayoutDashboard },
  { title: "Peptides", to: "/admin/peptides", icon: FlaskConical },
  { title: "Vendor Prices", to: "/admin/prices", icon: Tags },
  { title: "Categories", to: "/admin/categories", icon: Shapes },
  { title: "Scraping", to: "/admin/scraping", icon: Boxes },
  { title: "Vendors", to: "/admin/vendors", icon: Store },
  { title: "Vendor accounts", to: "/admin/vendor-accounts", icon: KeyRound },
  { title: "Lab tests", to: "/admin/lab-tests", icon: Microscope },
  { title: "Ads", to: "/admin/ads", icon: Megaphone },
  { title: "Clicks", to: "/admin/clicks", icon: MousePointerClick },
  { title: "Reports", to: "/admin/reports", icon: Flag },
  { title: "Reviews", to: "/admin/reviews", icon: MessageSquareText },
  { title: "Hero", to: "/admin/hero", icon: Image },
  { title: "Footer", to: "/admin/footer", icon: PanelBottom },
  { title: "Users", to: "/admin/users", icon: Users },
  { title: "Settings", to: "/admin/settings", icon: Settings },
  { title: "Audit log", to: "/admin/audit", icon: History },
  { title: "Trash", to: "/admin/trash", icon: Trash2 },
];

/** The back-office section a path belongs to, for the sidebar's highlight and the top bar's title. */
export function currentAdminSection(pathname: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) =>
    // "/admin" is every page's prefix: the dashboard is current only on itself.
    section.to === "/admin"
      ? pathname.replace(/\/$/, "") === "/admin"
      : pathname.startsWith(section.to),
  );
}

/** The back office's navigation: every admin section, collapsible to icons. */
export function AdminSidebar({ current }: { current: AdminSection | undefined }) {
  return (
    <Sidebar collapsible="icon" label="Admin" className="absolute h-full">
      <SidebarHeader>
        <div className="flex h-8 items-center gap-2 px-2 text-sm font-semibold group-data-[collapsible=icon]:hidden">
          Back office
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Manage</SidebarGroupLabel>
          <SidebarGroupContent>
            <SidebarMenu>
              {ADMIN_SECTIONS.map((section) => (
                <SidebarMenuItem key={section.to}>
                  <SidebarMenuButton
                    asChild
                    isActive={current?.to === section.to}
                    tooltip={section.title}
                  >
                    <NavLink to={section.to} end={section.to === "/admin"} prefetch="intent">
                      <section.icon aria-hidden />
                      <span>{section.title}</span>
                    </NavLink>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
