import { describe, expect, it } from "vitest";
import {
  BLOCKED_MESSAGE,
  clampPage,
  clampZoom,
  fitWidthZoom,
  isBlockedKey,
  ZOOM,
  zoomIn,
  zoomLabel,
  zoomOut,
} from "~/components/reader/reader-view";

describe("reader page and zoom rules", () => {
  it("starts at 120 % and steps by 20 % between 50 % and 300 %", () => {
    expect(zoomLabel(ZOOM.initial)).toBe("120%");
    expect(zoomLabel(zoomIn(ZOOM.initial))).toBe("140%");
    expect(zoomLabel(zoomOut(ZOOM.initial))).toBe("100%");
    let zoom: number = ZOOM.initial;
    for (let i = 0; i < 20; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(3);
    for (let i = 0; i < 20; i++) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.5);
    // No floating-point drift after many steps.
    expect(zoomLabel(zoomIn(zoomIn(zoomIn(0.5))))).toBe("110%");
    expect(clampZoom(Number.NaN)).toBe(ZOOM.initial);
  });

  it("fits the page to a phone's width within the allowed range", () => {
    expect(fitWidthZoom(374, 420)).toBe(0.89);
    expect(fitWidthZoom(100, 420)).toBe(0.5);
    expect(fitWidthZoom(5000, 420)).toBe(3);
    expect(fitWidthZoom(0, 420)).toBe(ZOOM.initial);
  });

  it("keeps the page between 1 and the total", () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(4.7, 10)).toBe(4);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  it("blocks PrintScreen, Ctrl+Shift+S, Ctrl+P, Ctrl+Shift+I and F12, and nothing a reader needs", () => {
    const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey", boolean>> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      ...mods,
    });
    for (const blocked of [
      key("PrintScreen"),
      key("F12"),
      key("p", { ctrlKey: true }),
      key("P", { metaKey: true }),
      key("S", { ctrlKey: true, shiftKey: true }),
      key("I", { ctrlKey: true, shiftKey: true }),
    ])
      expect(isBlockedKey(blocked), JSON.stringify(blocked)).toBe(true);
    for (const allowed of [key("ArrowRight"), key("p"), key("s", { ctrlKey: true }), key("Escape"), key("i")])
      expect(isBlockedKey(allowed), JSON.stringify(allowed)).toBe(false);
    expect(BLOCKED_MESSAGE).toBe("Action blocked: Screenshots and printing are disabled for security");
  });
});
