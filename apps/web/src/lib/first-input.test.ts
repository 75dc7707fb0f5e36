import { describe, expect, it } from "vitest";
import { onFirstInput } from "./first-input.ts";

describe("onFirstInput", () => {
  it("runs once, at the first pointer or key press", () => {
    const target = new EventTarget();
    let runs = 0;
    onFirstInput(() => {
      runs += 1;
    }, target);
    target.dispatchEvent(new Event("focusin"));
    target.dispatchEvent(new Event("scroll"));
    expect(runs).toBe(0);
    target.dispatchEvent(new Event("keydown"));
    target.dispatchEvent(new Event("pointerdown"));
    target.dispatchEvent(new Event("keydown"));
    expect(runs).toBe(1);
  });

  it("starts on a pointer press as well", () => {
    const target = new EventTarget();
    let runs = 0;
    onFirstInput(() => {
      runs += 1;
    }, target);
    target.dispatchEvent(new Event("pointerdown"));
    expect(runs).toBe(1);
  });

  it("never runs once stopped", () => {
    const target = new EventTarget();
    let runs = 0;
    const stop = onFirstInput(() => {
      runs += 1;
    }, target);
    stop();
    target.dispatchEvent(new Event("pointerdown"));
    target.dispatchEvent(new Event("keydown"));
    expect(runs).toBe(0);
  });
});
