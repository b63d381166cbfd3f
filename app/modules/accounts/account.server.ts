import { getDb } from "~/db/client.server";
import { updateFullName } from "./profile.server";

export async function saveFullName(userId: string, fullName: string) {
  await updateFullName(getDb(), userId, fullName);
}
