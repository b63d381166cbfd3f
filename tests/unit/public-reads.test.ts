import { afterEach, describe, expect, it } from "vitest";
import { clearPublicReads, enablePublicReads, publicRead } from "~/lib/public-reads.server";

function counter() {
  let calls = 0;
  const read = async () => ++calls;
  return { read, calls: () => calls };
}

afterEach(() => clearPublicReads());

describe("public reads", () => {
  it("read the database every time until the HTTP server turns them on (scripts and tests)", async () => {
    const c = counter();
    expect(await publicRead("a", c.read)).toBe(1);
    expect(await publicRead("a", c.read)).toBe(2);
  });

  it("share one answer per key until content changes", async () => {
    enablePublicReads();
    const c = counter();
    const [first, second] = await Promise.all([publicRead("k", c.read), publicRead("k", c.read)]);
    expect([first, second]).toEqual([1, 1]);
    expect(await publicRead("other", c.read)).toBe(2);
    clearPublicReads();
    expect(await publicRead("k", c.read)).toBe(3);
  });

  it("keep the answer of a lazy query (a thenable that runs each time it is awaited), not the query", async () => {
    enablePublicReads();
    let runs = 0;
    const lazyQuery = (): PromiseLike<string[]> => ({
      then(onFulfilled, onRejected) {
        runs += 1;
        return Promise.resolve(["row"]).then(onFulfilled, onRejected);
      },
    });
    expect(await publicRead("q", lazyQuery)).toEqual(["row"]);
    expect(await publicRead("q", lazyQuery)).toEqual(["row"]);
    expect(await publicRead("q", lazyQuery)).toEqual(["row"]);
    expect(runs).toBe(1);
  });

  it("do not keep a failed read, nor one that a change overtook", async () => {
    enablePublicReads();
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error("down");
      return "up";
    };
    await expect(publicRead("f", flaky)).rejects.toThrow("down");
    fail = false;
    expect(await publicRead("f", flaky)).toBe("up");

    let release!: (value: string) => void;
    const slow = publicRead("s", () => new Promise<string>((resolve) => (release = resolve)));
    clearPublicReads();
    release("before the change");
    expect(await slow).toBe("before the change");
    expect(await publicRead("s", async () => "after the change")).toBe("after the change");
  });

  it("keep at most 500 entries, dropping the least recently used", async () => {
    enablePublicReads();
    for (let i = 0; i < 500; i++) await publicRead(`key-${i}`, async () => i);
    await publicRead("key-0", async () => -1); // used again: now the most recent
    await publicRead("key-500", async () => 500);
    expect(await publicRead("key-0", async () => -1)).toBe(0);
    expect(await publicRead("key-1", async () => -1)).toBe(-1);
  });
});
