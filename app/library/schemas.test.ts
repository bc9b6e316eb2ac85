import { describe, expect, it } from "vitest";
import { reviewItemSchema, reviewSchema, rowIdSchema, watchlistItemSchema } from "./schemas";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("the review and list forms' messages", () => {
  it("give the spec's text for a missing or non-text comment, never zod's English", () => {
    for (const comment of [undefined, null, 42, {}, ["uzun bir yorum metni"]]) {
      expect(messages(reviewSchema.safeParse({ comment }))[0]).toBe(
        "Yorum en az 10 karakter olmalıdır",
      );
    }
    expect(messages(reviewSchema.safeParse(null))[0]).toMatch(/^Form eksik/);
  });

  it("are Turkish for ids and types that are missing or wrong", () => {
    const english = /invalid|expected|received|required|too (small|big)/i;
    const inputs: unknown[] = [undefined, null, {}, { itemType: 5 }, { itemId: "abc" }, "x", 0];
    for (const input of inputs) {
      for (const schema of [watchlistItemSchema, reviewItemSchema, rowIdSchema]) {
        for (const message of messages(schema.safeParse(input)))
          expect(message).not.toMatch(english);
      }
    }
  });
});
