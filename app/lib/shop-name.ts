/** The shop's name as readers see it (titles, feeds, share cards). Generic, so every module may read it. */
export const SHOP_NAME = "Nuru";
