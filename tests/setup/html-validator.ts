// HTML validation with the W3C Nu Html Checker (vnu.jar from the vnu-jar package), run on the system Java.
// The package's own runner would download a Java runtime when none is found; this helper never does.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);

/** Path of vnu.jar, as exported by the vnu-jar package (a String object holding the path). */
export const VNU_JAR = String(require("vnu-jar"));

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  /** The file the message is about (file:/...). */
  url?: string;
  subType?: string;
  message?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

export interface ValidateOptions {
  /** Errors whose message contains any of these substrings are dropped. */
  ignore?: readonly string[];
}

function javaCommand(): string {
  const home = process.env.JAVA_HOME;
  if (home) {
    const candidate = path.join(home, "bin", process.platform === "win32" ? "java.exe" : "java");
    if (existsSync(candidate)) return candidate;
  }
  return "java";
}

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: 32 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        reject(
          new Error(
            `validateHtml needs Java 11 or later (Java 17 on CI): "${cmd}" was not found. ` +
              "Install a JDK/JRE and put java on PATH, or set JAVA_HOME.",
          ),
        );
        return;
      }
      if (error && typeof error.code !== "number") {
        reject(new Error(`vnu.jar did not finish: ${error.message}\n${stderr}`));
        return;
      }
      resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr });
    });
  });
}

function parseReport(text: string): VnuMessage[] | null {
  const start = text.indexOf("{");
  if (start < 0) return null;
  try {
    const parsed = JSON.parse(text.slice(start)) as { messages?: VnuMessage[] };
    return Array.isArray(parsed.messages) ? parsed.messages : null;
  } catch {
    return null;
  }
}

/**
 * Validates a complete HTML document and returns its errors as `line N: message` strings (empty when valid).
 * Warnings are not reported. Throws when Java is missing or vnu.jar gives no report.
 */
export async function validateHtml(html: string, options: ValidateOptions = {}): Promise<string[]> {
  return (await validateHtmlDocuments([html], options))[0];
}

/**
 * Validates several complete HTML documents in one run of vnu.jar (each run starts a Java VM, about 3 s) and
 * returns the errors of each, in order, as validateHtml does.
 */
export async function validateHtmlDocuments(
  documents: readonly string[],
  options: ValidateOptions = {},
): Promise<string[][]> {
  if (documents.length === 0) return [];
  const dir = await mkdtemp(path.join(tmpdir(), "nuru-vnu-"));
  const names = documents.map((_, i) => `document-${i}.html`);
  try {
    await Promise.all(documents.map((html, i) => writeFile(path.join(dir, names[i]), html, "utf8")));
    const { code, stdout, stderr } = await run(javaCommand(), [
      "-jar",
      VNU_JAR,
      "--format",
      "json",
      "--errors-only",
      ...names.map((name) => path.join(dir, name)),
    ]);
    // vnu writes its JSON report to stderr; the exit code is 1 when there are errors.
    const messages = parseReport(stderr) ?? parseReport(stdout);
    if (!messages) throw new Error(`vnu.jar gave no JSON report (exit ${code}):\n${stderr || stdout}`);
    const ignore = options.ignore ?? [];
    const fileOf = (m: VnuMessage) => names.find((name) => m.url?.endsWith(`/${name}`));
    return names.map((name) =>
      messages
        // A message about none of the files (a problem of the run itself) counts against every document.
        .filter((m) => fileOf(m) === undefined || fileOf(m) === name)
        .filter((m) => m.type === "error" || m.type === "non-document-error")
        .map((m) => {
          const text = m.message ?? "(no message)";
          return m.lastLine ? `line ${m.lastLine}: ${text}` : text;
        })
        .filter((text) => !ignore.some((s) => text.includes(s))),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
