import type { Plugin } from "vite";

export function compilePoModule(file: string): string;
export function poCatalogues(): Plugin;
export function englishInBrowser(options?: { catalogue?: string }): Plugin;
