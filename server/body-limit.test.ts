import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit";

/** The limit's answer to a POST of `length` bytes to `path`: "next" when it lets it through. */
function answer(path: string, length: number) {
  let result: { status?: number; body?: string } | "next" = {};
  const res = {
    status(code: number) {
      result = { status: code };
      return res;
    },
    set: () => res,
    type: () => res,
    send(body: string) {
      if (result !== "next") result.body = body;
      return res;
    },
  } as unknown as Response;
  const req = {
    method: "POST",
    path,
    headers: { "content-length": String(length) },
  } as unknown as Request;
  bodyLimit()(req, res, () => {
    result = "next";
  });
  return result;
}

describe("the body limit", () => {
  it("keeps forms small but lets a history import's file of up to 10 MB through", () => {
    expect(answer("/yorum", 64 * 1024)).toBe("next");
    expect(answer("/yorum", 64 * 1024 + 1)).toMatchObject({ status: 413 });
    for (const path of ["/hesap/ice-aktar", "/hesap/ice-aktar.data"])
      expect(answer(path, 10 * 1024 * 1024 + 1000)).toBe("next");
    const refused = answer("/hesap/ice-aktar", 11 * 1024 * 1024);
    expect(refused).toMatchObject({ status: 413, body: expect.stringContaining("10 MB") });
    // Only the upload itself: its status pages keep the forms' limit.
    expect(answer("/hesap/ice-aktar/12", 1024 * 1024)).toMatchObject({ status: 413 });
  });
});
