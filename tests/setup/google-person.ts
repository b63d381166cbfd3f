import { inject } from "vitest";
import type { GooglePerson } from "./oauth-stand-in";
import { e2eWorkerIndex } from "./e2e-workers";

/**
 * Runs `journey` with the Google stand-in signing in `person`, then gives the stand-in its usual person back. Each
 * worker's app has a stand-in of its own, and a worker runs its files and their journeys one at a time, so no other
 * journey sees her.
 */
export async function asGooglePerson<T>(person: GooglePerson, journey: () => Promise<T>): Promise<T> {
  const standIns = inject("googleStandIns");
  const standIn = standIns[e2eWorkerIndex(standIns.length)];
  const choose = (body: string) =>
    fetch(`${standIn}/person`, { method: "POST", body }).then((res) => {
      if (res.status !== 204) throw new Error(`The Google stand-in refused the person: ${res.status}`);
    });
  await choose(JSON.stringify(person));
  try {
    return await journey();
  } finally {
    await choose("");
  }
}
