export * from "./accounts";
export * from "./content";
export * from "./commerce";
export * from "./engagement";
export * from "./home";
export * from "./reader";
export * from "./settings";
