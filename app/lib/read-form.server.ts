import { data } from "react-router";
import { REFUSALS } from "./request-guards";

/**
 * The posted form, or a 400 with a clear message when the body is not a readable form (broken multipart, a JSON
 * or text body, NUL bytes in a field). The size was already checked before the body was read (http-server.server.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: REFUSALS.notAForm.message }, { status: 400, statusText: "Bad Request" });
  }
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) {
      throw data(
        { message: "The form contains characters that are not allowed." },
        { status: 400, statusText: "Bad Request" },
      );
    }
  }
  return form;
}
