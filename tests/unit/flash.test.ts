import { afterEach, describe, expect, it, vi } from "vitest";
import { loadOrReturnToList, takeFlash } from "~/modules/site/flash.server";

afterEach(() => vi.restoreAllMocks());

describe("loadOrReturnToList", () => {
  it("passes a page's data through", async () => {
    expect(await loadOrReturnToList(async () => ({ id: 1 }), "/articles", "Failed to load article")).toEqual({ id: 1 });
  });

  it("sends the reader back to the list with an error toast when the reads fail", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = await loadOrReturnToList(
      async () => {
        throw new Error("connection refused");
      },
      "/articles",
      "Failed to load article",
    ).catch((thrown: unknown) => thrown);
    expect(failure).toBeInstanceOf(Response);
    const response = failure as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/articles");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const { flash } = await takeFlash(new Request("http://localhost/articles", { headers: { Cookie: cookie } }));
    expect(flash).toEqual({ kind: "error", title: "Error", message: "Failed to load article" });
    expect(console.error).toHaveBeenCalled();
  });
});
