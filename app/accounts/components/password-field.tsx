import { Field } from "~/ui/field";

/** The visitor's current password, as every form that confirms one asks for it. */
export function CurrentPasswordField({
  label = "Şifre",
  name = "password",
}: {
  label?: string;
  name?: string;
}) {
  return (
    <Field label={label} name={name} type="password" autoComplete="current-password" required />
  );
}
