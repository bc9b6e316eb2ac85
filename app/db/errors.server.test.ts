import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./errors.server";

const unique = (constraint?: string) =>
  Object.assign(new Error("duplicate key"), { code: "23505", constraint });

describe("isUniqueViolation", () => {
  it("finds the named unique index, also behind Drizzle's wrapping error", () => {
    expect(
      isUniqueViolation(unique("profiles_username_key_unique"), "profiles_username_key_unique"),
    ).toBe(true);
    const wrapped = new Error("Failed query", { cause: unique("imports_one_running_per_user") });
    expect(isUniqueViolation(wrapped, "imports_one_running_per_user")).toBe(true);
  });

  it("counts a violation whose driver names no constraint", () => {
    expect(isUniqueViolation(unique(), "profiles_username_key_unique")).toBe(true);
  });

  it("is false for another index, another error, or no error", () => {
    expect(isUniqueViolation(unique("other_key"), "profiles_username_key_unique")).toBe(false);
    const check = Object.assign(new Error("check"), { code: "23514", constraint: "x" });
    expect(isUniqueViolation(check, "x")).toBe(false);
    expect(isUniqueViolation(undefined, "x")).toBe(false);
    expect(isUniqueViolation("23505", "x")).toBe(false);
  });
});
