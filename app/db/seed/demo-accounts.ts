// The demo shop's accounts, apart from the seed itself so a start can list them without loading the seed.
export const DEMO_PASSWORD = "nuru-demo-2026";

export const DEMO_ACCOUNTS = [
  { email: "admin@nuru.test", fullName: "Amina Wanjiru", role: "admin" as const, note: "admin" },
  {
    email: "subscriber@nuru.test",
    fullName: "Grace Achieng",
    role: "subscriber" as const,
    note: "active Standard plan",
  },
  { email: "expired@nuru.test", fullName: "Njeri Kamau", role: "guest" as const, note: "plan ended last month" },
  { email: "buyer@nuru.test", fullName: "Fatuma Hassan", role: "guest" as const, note: "bought one premium ebook" },
  { email: "reader@nuru.test", fullName: "Wairimu Otieno", role: "guest" as const, note: "signed up, no plan" },
];
