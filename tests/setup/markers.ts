export const MARKERS = {
  premium: "LEAKMARK-PREMIUM-7f3a91",
  subscription: "LEAKMARK-SUBSCRIPTION-c42e17",
  draft: "LEAKMARK-DRAFT-0b9d55",
} as const;

export const MARKER_TITLES = {
  premium: "Evening walks that add up (premium marker)",
  subscription: "Evening walks for members (subscription marker)",
} as const;
