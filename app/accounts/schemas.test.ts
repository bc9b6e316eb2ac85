import { describe, expect, it } from "vitest";
import { z } from "~/ui/zod";
import * as schemas from "./schemas";
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

describe("every account form's messages", () => {
  const forms = Object.entries(schemas).flatMap(([name, value]) =>
    value instanceof z.ZodObject ? [[name, value] as const] : [],
  );
  const english = /invalid|expected|received|required|too (small|big)|must/i;
  const wrongTypes: unknown[] = [undefined, null, 42, true, [], {}, ["a"]];

  it("are Turkish for missing fields and wrong types, in the browser and on the server alike", () => {
    expect(forms.length).toBeGreaterThanOrEqual(10);
    for (const [name, schema] of forms) {
      const shape = schema.shape as Record<string, unknown>;
      const inputs: unknown[] = [{}, ...wrongTypes];
      for (const field of Object.keys(shape))
        for (const wrong of wrongTypes) inputs.push({ [field]: wrong });
      for (const input of inputs) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) {
          expect(issue.message, `${name} ${JSON.stringify(input)}`).not.toMatch(english);
          expect(issue.message).toMatch(/[a-zçğıöşü]/i);
        }
      }
    }
  });

  it("keep the spec's texts for a field that is missing", () => {
    expect(firstError(signInSchema, {})).toBe("Geçerli bir e-posta adresi giriniz");
    expect(firstError(signInSchema, { email: "a@b.co" })).toBe("Şifre en az 6 karakter olmalıdır");
    expect(firstError(signUpSchema, { email: "a@b.co", password: "123456" })).toBe(
      "İsim en az 2 karakter olmalıdır",
    );
  });
});
