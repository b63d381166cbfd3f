import { inject } from "vitest";
import type { GooglePerson } from "./oauth-stand-in";

/**
 * Runs `journey` with the Google stand-in signing in `person`, then gives the stand-in its usual person back (files
 * and their journeys run one at a time, so no other journey sees her).
 */
export async function asGooglePerson<T>(person: GooglePerson, journey: () => Promise<T>): Promise<T> {
  const choose = (body: string) =>
    fetch(`${inject("googleStandIn")}/person`, { method: "POST", body }).then((res) => {
      if (res.status !== 204) throw new Error(`The Google stand-in refused the person: ${res.status}`);
    });
  await choose(JSON.stringify(person));
  try {
    return await journey();
  } finally {
    await choose("");
  }
}
