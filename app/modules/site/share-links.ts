// Where a page can be shared (issue 34): plain addresses of each network's own share page, so sharing works without
// JavaScript and without any third-party script on the shop's pages. Only the page's canonical address and its title
// are sent: no tracking parameters.

export interface ShareTarget {
  /** The network's name, shown on the link. */
  name: string;
  href: string;
}

export function shareTargets(url: string, title: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    // WhatsApp takes one text: the title, then the address (its preview comes from the page's Open Graph tags).
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "X", href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { name: "Telegram", href: `https://t.me/share/url?url=${u}&text=${t}` },
  ];
}
