import { BookOpen, CreditCard, FileText, House, LayoutGrid, User } from "~/components/ui/icons";
import { useT } from "~/lib/i18n/use-t";

export interface NavItem {
  label: string;
  to: string;
}

/** The header's links, their words in the page's language. */
export function useDesktopNav(signedIn: boolean): NavItem[] {
  const t = useT();
  return [
    { label: t("nav.home"), to: signedIn ? "/home" : "/" },
    { label: t("nav.articles"), to: "/articles" },
    { label: t("nav.ebooks"), to: "/ebooks" },
    { label: t("nav.pricing"), to: "/pricing" },
    { label: t("nav.bookmarks"), to: "/bookmarks" },
    { label: t("nav.categories"), to: "/categories" },
    { label: t("nav.about"), to: "/about" },
    { label: t("nav.account"), to: "/account" },
  ];
}

/** The phone's bottom bar, its words in the page's language. */
export function useBottomNav(signedIn: boolean) {
  const t = useT();
  return [
    { label: t("nav.home"), to: signedIn ? "/home" : "/", icon: House },
    { label: t("nav.articles"), to: "/articles", icon: FileText },
    { label: t("nav.ebooks"), to: "/ebooks", icon: BookOpen },
    { label: t("nav.categories"), to: "/categories", icon: LayoutGrid },
    { label: t("nav.pricing"), to: "/pricing", icon: CreditCard },
    { label: t("nav.account"), to: "/account", icon: User },
  ];
}
