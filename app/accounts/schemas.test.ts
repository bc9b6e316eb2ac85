import { describe, expect, it } from "vitest";
import { firstError, signInSchema, signUpSchema } from "./schemas";

describe("account forms", () => {
  it("gives the spec's first message", () => {
    expect(firstError(signInSchema, { email: "yanlis", password: "123" })).toBe(
      "Geçerli bir e-posta adresi giriniz",
    );
    expect(firstError(signInSchema, { email: "a@b.co", password: "12345" })).toBe(
      "Şifre en az 6 karakter olmalıdır",
    );
    expect(firstError(signUpSchema, { fullName: "A", email: "a@b.co", password: "123456" })).toBe(
      "İsim en az 2 karakter olmalıdır",
    );
    expect(
      firstError(signUpSchema, { fullName: "A".repeat(101), email: "a@b.co", password: "123456" }),
    ).toBeTruthy();
    expect(
      firstError(signUpSchema, { fullName: "  Işıl Ünal ", email: "a@b.co", password: "123456" }),
    ).toBeNull();
  });

  it("normalises the address", () => {
    expect(signInSchema.parse({ email: "  Ayse@Example.COM ", password: "123456" }).email).toBe(
      "ayse@example.com",
    );
  });
});
