import { describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "./memory-storage.test-helper.ts";
import { asRecord, storedValue } from "./stored-value.ts";

function counter(storage = new MemoryStorage(), events = new EventTarget()) {
  const value = storedValue({
    key: "test.count",
    storage: () => storage,
    parse: (raw) => (typeof raw === "number" && Number.isInteger(raw) ? raw : undefined),
    fallback: 0,
    events,
  });
  return { value, storage, events };
}

describe("storedValue", () => {
  it("reads what it wrote, and the fallback when nothing is stored", () => {
    const { value, storage } = counter();
    expect(value.get()).toBe(0);
    value.set(7);
    expect(storage.getItem("test.count")).toBe("7");
    expect(counter(storage).value.get()).toBe(7);
    value.remove();
    expect(storage.getItem("test.count")).toBeNull();
    expect(value.get()).toBe(0);
  });

  it.each([["not json {"], ['"a string"'], ["1.5"], ["null"]])("reads %s, which is not a valid value, as the fallback", (text) => {
    const storage = new MemoryStorage();
    storage.setItem("test.count", text);
    expect(counter(storage).value.get()).toBe(0);
  });

  it("keeps a value the storage refuses for this tab, and says so without the value", () => {
    const { value, storage } = counter();
    storage.full = true;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    value.set(42);
    expect(value.get()).toBe(42);
    expect(storage.getItem("test.count")).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("test.count could not be saved"));
    expect(String(warn.mock.calls[0])).not.toContain("42");
    warn.mockRestore();
  });

  it("tells subscribers of its own writes, and of another tab's through storage events", () => {
    const { value, storage, events } = counter();
    const heard = vi.fn();
    const stop = value.subscribe(heard);
    value.set(1);
    expect(heard).toHaveBeenCalledTimes(1);

    storage.setItem("test.count", "5"); // another tab wrote it
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "test.count", storageArea: storage }));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(value.get()).toBe(5);

    events.dispatchEvent(Object.assign(new Event("storage"), { key: "other.key", storageArea: storage }));
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    value.set(3);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it("asRecord accepts plain objects only", () => {
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    expect(asRecord([1])).toBeUndefined();
    expect(asRecord(null)).toBeUndefined();
    expect(asRecord("x")).toBeUndefined();
  });
});
