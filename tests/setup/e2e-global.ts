import type { TestProject } from "vitest/node";
import { findChrome } from "./browser";
import { startApp, type RunningApp } from "./app-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let app: RunningApp | undefined;

export async function setup(project: TestProject) {
  findChrome();
  app = await startApp({ SUPPORT_EMAIL: "care@nuru.test" });
  project.provide("baseUrl", app.url);
}

export async function teardown() {
  const code = await app?.stop();
  if (code !== 0) throw new Error(`App did not shut down cleanly (exit ${code}):\n${app?.output()}`);
}
