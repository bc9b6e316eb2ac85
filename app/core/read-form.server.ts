/**
 * The fields of a posted form. A body that is not a form (JSON, plain text, a broken multipart)
 * reads as an empty one, which every form's schema then refuses with its first message: bad
 * input is answered, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
