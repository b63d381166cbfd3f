import { BookOpen, CreditCard, FileText, House, LayoutGrid, User } from "~/components/ui/icons";

export interface NavItem {
  label: string;
  to: string;
}

export function desktopNav(signedIn: boolean): NavItem[] {
  return [
    { label: "Home", to: signedIn ? "/home" : "/" },
    { label: "Articles", to: "/articles" },
    { label: "Ebooks", to: "/ebooks" },
    { label: "Pricing", to: "/pricing" },
    { label: "Bookmarks", to: "/bookmarks" },
    { label: "Categories", to: "/categories" },
    { label: "About", to: "/about" },
    { label: "Account", to: "/account" },
  ];
}

export function bottomNav(signedIn: boolean) {
  return [
    { label: "Home", to: signedIn ? "/home" : "/", icon: House },
    { label: "Articles", to: "/articles", icon: FileText },
    { label: "Ebooks", to: "/ebooks", icon: BookOpen },
    { label: "Categories", to: "/categories", icon: LayoutGrid },
    { label: "Pricing", to: "/pricing", icon: CreditCard },
    { label: "Account", to: "/account", icon: User },
  ];
}
